// Whether this install sends mail, and how: the SMTP server (OUTREACH_SMTP_URL, credentials in the URL), the sender
// (OUTREACH_MAIL_FROM) and the dashboard's configured address that links in mail point at (OUTREACH_PUBLIC_URL; never
// a request's Host header, which anyone can write). Read at call time, so a test can switch it.
import { readEnv } from "@/lib/env";

export interface MailSettings {
  smtpUrl: string;
  from: string;
  /** Origin of every link in a mail: `https://outreach.example.com`. */
  publicOrigin: string;
}

/** The settings when mail is configured, else null (the features that need mail then say so). */
export function mailSettings(): MailSettings | null {
  const env = readEnv();
  if (!env.OUTREACH_SMTP_URL || !env.OUTREACH_MAIL_FROM || !env.OUTREACH_PUBLIC_URL) return null;
  return { smtpUrl: env.OUTREACH_SMTP_URL, from: env.OUTREACH_MAIL_FROM, publicOrigin: new URL(env.OUTREACH_PUBLIC_URL).origin };
}
