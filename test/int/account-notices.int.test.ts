// Security notices about an account, end to end against a real SMTP server (test/int/mail-sink.ts): a changed
// password (in Settings, or through a reset link) is told to the account's address, a changed address is told to
// the old one with the new one masked; no address, no mail configured or a mail server that does not answer changes
// nothing about the change itself.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { peerAddressHeader } from "@/lib/http/peer-address";
import * as passwordReset from "@/app/api/auth/password-reset/route";
import * as passwordResetConfirm from "@/app/api/auth/password-reset/confirm/route";
import * as emailRoute from "@/app/api/auth/email/route";
import * as passwordRoute from "@/app/api/auth/password/route";
import { call } from "./http";
import { FIXTURE_PASSWORD, uid } from "./fixtures";
import { withEnv } from "./org-fixtures";
import { personWithEmail as withAddress, PUBLIC_URL, tokenOf, useMailSink, type MailSink } from "./mail-sink";

const NEW_PASSWORD = "another long password";
const from = () => ({ [peerAddressHeader()]: `10.${randomBytes(3).join(".")}` });
const anEmail = (local = "person") => `${local}.${uid()}@example.com`;
const changePassword = (cookie: string, newPassword = NEW_PASSWORD) =>
  call(passwordRoute.POST, { method: "POST", cookie, body: { currentPassword: FIXTURE_PASSWORD, newPassword }, headers: from() });

const personWithEmail = (email: string | null = anEmail()) => withAddress(email);

let sink: MailSink;
useMailSink((s) => (sink = s));

describe("a changed password", () => {
  it("in Settings: the address hears when, that every session ended, and where to take the account back, with no link that works as a credential", async () => {
    const person = await personWithEmail();
    expect((await changePassword(person.cookie)).status).toBe(200);
    const mails = await sink.settled(person.email!);
    expect(mails.map((m) => m.subject)).toEqual(["Your Outreach password was changed"]);
    const [notice] = mails;
    expect(notice!.text).toContain(`The password of the Outreach account ${person.username} (${person.email}) was changed on `);
    expect(notice!.text).toContain("Every browser and device that was signed in to it has been signed out.");
    expect(notice!.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(notice!.html).toContain(`href="${PUBLIC_URL}/forgot-password"`);
    expect(notice!.text).not.toMatch(/rst_|vfy_/);
    // The time is the change's own, not the mail's: a delayed mail still says when it happened.
    // In the product's one date style (lib/format/date-time.ts), to the minute: "Nov 29, 2026, 14:05 UTC".
    const when = /was changed on ([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC)\./.exec(notice!.text)![1]!;
    expect(Math.abs(Date.parse(when) - Date.now())).toBeLessThan(120_000);
  });

  it("through a reset link: the reset mail, then the notice", async () => {
    const person = await personWithEmail();
    await call(passwordReset.POST, { method: "POST", body: { email: person.email }, headers: from() });
    const link = await sink.linkFor(person.email!, "/reset-password");
    const done = await call(passwordResetConfirm.POST, { method: "POST", body: { token: tokenOf(link), password: NEW_PASSWORD }, headers: from() });
    expect(done.status).toBe(200);
    expect((await sink.settled(person.email!)).map((m) => m.subject)).toEqual(["Reset your Outreach password", "Your Outreach password was changed"]);
  });

  it("a refused change (wrong current password, a used link) mails nothing", async () => {
    const person = await personWithEmail();
    const wrong = await call(passwordRoute.POST, { method: "POST", cookie: person.cookie, body: { currentPassword: "not the password", newPassword: NEW_PASSWORD }, headers: from() });
    expect(wrong.status).toBe(403);
    const used = await call(passwordResetConfirm.POST, { method: "POST", body: { token: `rst_${randomBytes(32).toString("base64url")}`, password: NEW_PASSWORD }, headers: from() });
    expect(used.status).toBe(400);
    expect(await sink.settled(person.email!)).toEqual([]);
  });

  it("an account without an address, an install without mail, or a mail server that does not answer: the change goes through", async () => {
    const plain = await personWithEmail(null);
    const before = sink.received.length;
    expect((await changePassword(plain.cookie)).status).toBe(200);
    expect((await sink.settled()).length).toBe(before);

    const unmailed = await personWithEmail();
    await withEnv({ OUTREACH_SMTP_URL: undefined, OUTREACH_MAIL_FROM: undefined, OUTREACH_PUBLIC_URL: undefined }, async () => {
      expect((await changePassword(unmailed.cookie)).status).toBe(200);
    });
    const unreachable = await personWithEmail();
    await withEnv({ OUTREACH_SMTP_URL: "smtp://outreach:x@127.0.0.1:9" }, async () => {
      expect((await changePassword(unreachable.cookie)).status).toBe(200);
      await sink.settled();
    });
    expect(await sink.settled(unmailed.email!)).toEqual([]);
    expect(await sink.settled(unreachable.email!)).toEqual([]);
    for (const p of [plain, unmailed, unreachable]) expect((await db.user.findUniqueOrThrow({ where: { id: p.userId } })).sessionVersion).toBe(1);
  });
});

describe("a changed address", () => {
  it("the old address hears of it with the new one masked; the new one gets only its verification link", async () => {
    const person = await personWithEmail(anEmail("old"));
    const moved = anEmail("moved");
    const res = await call(emailRoute.PUT, { method: "PUT", cookie: person.cookie, body: { email: moved, currentPassword: FIXTURE_PASSWORD }, headers: from() });
    expect(res.status).toBe(200);
    const [notice, ...more] = await sink.settled(person.email!);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe("The email address of your Outreach account was changed");
    expect(notice!.text).toContain(`was changed on `);
    expect(notice!.text).toContain(`from ${person.email} to m***@example.com.`);
    expect(notice!.text + notice!.html).not.toContain(moved);
    expect(notice!.text).toContain(`${PUBLIC_URL}/login`);
    expect((await sink.settled(moved)).map((m) => m.subject)).toEqual(["Confirm your email address for Outreach"]);
  });

  it("adding a first address, or setting the same one again, tells no one", async () => {
    const person = await personWithEmail(null);
    const first = anEmail("first");
    expect((await call(emailRoute.PUT, { method: "PUT", cookie: person.cookie, body: { email: first, currentPassword: FIXTURE_PASSWORD }, headers: from() })).status).toBe(200);
    expect((await call(emailRoute.PUT, { method: "PUT", cookie: person.cookie, body: { email: first, currentPassword: FIXTURE_PASSWORD }, headers: from() })).status).toBe(200);
    expect((await sink.settled(first)).map((m) => m.subject)).toEqual(["Confirm your email address for Outreach"]);
  });
});
