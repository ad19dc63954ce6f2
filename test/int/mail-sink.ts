// A real SMTP server on loopback (smtp-server, port 0) that keeps what it receives, parsed with mailparser, for the
// suites that check mail end to end. It asks for the credentials of MAIL_USER, so the URL's user and password are
// exercised as an operator would set them.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { db } from "@/lib/db/client";
import { mailSettled } from "@/lib/mail/send-mail";
import { createOrg } from "./fixtures";
import { setEnv } from "./org-fixtures";

const MAIL_USER = { username: "outreach", password: "smtp-secret" };
export const MAIL_FROM = "Outreach <no-reply@outreach.test>";
export const PUBLIC_URL = "https://outreach.test";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  from: string;
}

export interface MailSink {
  url: string;
  received: ReceivedMail[];
  /** The environment that points the app at this server. */
  env: Record<string, string>;
  /** Waits for every background send to finish, then answers the mails received for `to` (all when not given). */
  settled(to?: string): Promise<ReceivedMail[]>;
  /** The first link to `path` in the newest mail to `to`, waiting for it. */
  linkFor(to: string, path: string): Promise<string>;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, cb) {
      if (auth.username === MAIL_USER.username && auth.password === MAIL_USER.password) cb(null, { user: auth.username });
      else cb(new Error("Invalid username or password"));
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then(
        (m: ParsedMail) => {
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(", ") : (m.to?.text ?? "");
          received.push({ to, subject: m.subject ?? "", text: m.text ?? "", html: typeof m.html === "string" ? m.html : "", from: m.from?.text ?? "" });
          cb();
        },
        (err: Error) => cb(err),
      );
    },
  });
  const listening = server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => listening.once("listening", () => resolve()));
  const port = (listening.address() as AddressInfo).port;
  const url = `smtp://${MAIL_USER.username}:${MAIL_USER.password}@127.0.0.1:${port}`;
  const settled = async (to?: string) => {
    await mailSettled();
    return received.filter((m) => to === undefined || m.to === to);
  };
  return {
    url,
    received,
    env: { OUTREACH_SMTP_URL: url, OUTREACH_MAIL_FROM: MAIL_FROM, OUTREACH_PUBLIC_URL: PUBLIC_URL },
    settled,
    async linkFor(to, path) {
      const mine = await settled(to);
      const last = mine.at(-1);
      if (!last) throw new Error(`no mail to ${to}`);
      const match = new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}${path}/[A-Za-z0-9_-]+`).exec(last.text);
      if (!match) throw new Error(`no ${path} link in the mail to ${to}:\n${last.text}`);
      return match[0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One sink for a whole test file: started and pointed at before its tests, closed after; `onStarted` receives it. */
export function useMailSink(onStarted: (sink: MailSink) => void): void {
  let sink: MailSink | undefined;
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    sink = await startMailSink();
    restore = setEnv(sink.env);
    onStarted(sink);
  });
  afterAll(async () => {
    restore?.();
    await sink?.close();
  });
}

/** A user with this address (none when null) in an organization of their own, with a session. */
export async function personWithEmail(email: string | null) {
  const org = await createOrg();
  await db.user.update({ where: { id: org.userId }, data: { email } });
  return { ...org, email };
}

/** Runs `fn` with mail pointed at a fresh sink, closing it afterwards. */
export async function withMailSink<T>(fn: (sink: MailSink) => Promise<T>): Promise<T> {
  const sink = await startMailSink();
  const restore = setEnv(sink.env);
  try {
    return await fn(sink);
  } finally {
    restore();
    await mailSettled();
    await sink.close();
  }
}

/** The token at the end of a mailed link. */
export const tokenOf = (link: string) => link.slice(link.lastIndexOf("/") + 1);
