// Sends one message through the configured SMTP server (nodemailer). A transport is made once per server URL and
// kept. Messages that must not hold up a request (a password reset, whose timing would tell whether the address has
// an account; the verification mail after sign-up) go through sendMailLater: failures are logged, never thrown.
import { after } from "next/server";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "@/lib/log/logger";
import type { MailSettings } from "@/lib/mail/mail-settings";
import { metrics } from "@/lib/metrics/registry";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // Bounded waits: a request that sends mail answers within seconds even when the server does not.
    transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

export async function sendMail(settings: MailSettings, message: MailMessage): Promise<void> {
  try {
    await transportFor(settings.smtpUrl).sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  } catch (err) {
    metrics().mails.inc({ outcome: "failed" });
    throw err;
  }
  metrics().mails.inc({ outcome: "sent" });
}

const inFlight = new Set<Promise<void>>();

/** Sends in the background; a failure goes to the log (its code and message only: never the server URL). */
export function sendMailLater(settings: MailSettings, message: MailMessage, log: Logger, what: string): void {
  const sending: Promise<void> = sendMail(settings, message)
    .then(() => log.info("mail sent", { what }))
    .catch((err: unknown) => {
      const e = err as { code?: string; message?: string };
      log.error("mail not sent", { what, code: e.code ?? null, error: String(e.message ?? err).slice(0, 300) });
    })
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
  holdShutdownFor(sending);
}

/**
 * Inside a request, the send is handed to Next's `after()`: on SIGTERM or SIGINT (a restart, a deploy) `next start`
 * stops taking requests and waits for that work before it exits, so a reset link being mailed at that moment still
 * goes (bounded by the transport's timeouts). Outside a request (tests, scripts) `after()` throws and there is no
 * server to tell. A crash still loses what was being sent: the person asks again.
 */
function holdShutdownFor(sending: Promise<void>): void {
  try {
    after(sending);
  } catch {
    // Not in a request scope.
  }
}

/** Resolves once every background send started so far has finished (tests, and a clean shutdown). */
export async function mailSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
