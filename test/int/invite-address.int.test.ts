// An invitation made for an address (docs/security.md "Accounts and mail"): where the service verifies addresses, only
// the account whose verified address it is joins with it, whether signed in already or signing up; another account
// that has the link is refused and the invitation stays pending. Without mail nobody can verify an address, so the
// address only pre-fills the form, and a link made without an address stays usable by whoever has it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as invites from "@/app/api/invites/route";
import * as accept from "@/app/api/invites/accept/route";
import * as signup from "@/app/api/auth/signup/route";
import { call } from "./http";
import { createOrg, uid } from "./fixtures";
import { withEnv } from "./org-fixtures";
import { personWithEmail, useMailSink, type MailSink } from "./mail-sink";

let sink: MailSink;
useMailSink((s) => (sink = s));

const anEmail = (local: string) => `${local}.${uid()}@example.com`;
const invite = async (cookie: string, email?: string) => {
  const made = await call(invites.POST, { method: "POST", cookie, body: email ? { email } : {} });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  return made.json as { id: number; token: string };
};
const join = (cookie: string, token: string) => call(accept.POST, { method: "POST", cookie, body: { token } });
const pending = async (id: number) => (await db.invite.findUniqueOrThrow({ where: { id } })).acceptedAt === null;

describe("an invitation made for an address", () => {
  it("another signed-in account that has the link is refused, and the invitation stays for its person", async () => {
    const admin = await createOrg();
    const alice = anEmail("alice");
    const made = await invite(admin.cookie, alice);
    const mallory = await personWithEmail(anEmail("mallory"));
    await db.user.update({ where: { id: mallory.userId }, data: { emailVerifiedAt: new Date() } });
    const refused = await join(mallory.cookie, made.token);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: "forbidden", reason: "invite_address" });
    expect(refused.json.message).toMatch(/^This invitation was sent to a\*+@example\.com\. Sign in with the account of that address/);
    expect(refused.json.message).not.toContain(alice);
    expect(await db.membership.count({ where: { organizationId: admin.orgId, userId: mallory.userId } })).toBe(0);
    expect(await pending(made.id)).toBe(true);
    // Another account cannot sign up with it either, not even claiming the address in another case.
    const signUpAsOther = await call(signup.POST, { method: "POST", body: { email: anEmail("mallory"), password: "a long enough password", inviteToken: made.token } });
    expect(signUpAsOther.status).toBe(403);
    expect(await pending(made.id)).toBe(true);
  });

  it("the person's own account joins once its address is verified, not before", async () => {
    const admin = await createOrg();
    const bob = anEmail("bob");
    const made = await invite(admin.cookie, bob);
    const person = await personWithEmail(bob);
    const unverified = await join(person.cookie, made.token);
    expect(unverified.status).toBe(403);
    expect(unverified.json).toMatchObject({ reason: "address_unverified" });
    expect(await pending(made.id)).toBe(true);
    await db.user.update({ where: { id: person.userId }, data: { emailVerifiedAt: new Date() } });
    const joined = await join(person.cookie, made.token);
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    expect(await db.membership.count({ where: { organizationId: admin.orgId, userId: person.userId } })).toBe(1);
    await sink.settled();
  });

  it("without mail nobody can verify an address: it only pre-fills, and the link joins whoever has it", async () => {
    const admin = await createOrg();
    const made = await withEnv({ OUTREACH_SMTP_URL: undefined }, () => invite(admin.cookie, anEmail("carol")));
    const other = await personWithEmail(anEmail("dave"));
    const joined = await withEnv({ OUTREACH_SMTP_URL: undefined }, () => join(other.cookie, made.token));
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
  });

  it("a link made without an address joins whoever has it", async () => {
    const admin = await createOrg();
    const made = await invite(admin.cookie);
    const other = await personWithEmail(anEmail("erin"));
    expect((await join(other.cookie, made.token)).status).toBe(200);
  });
});
