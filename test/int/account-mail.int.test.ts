// Accounts with an email address, end to end against a real SMTP server (test/int/mail-sink.ts): sign-up with an
// address (and the username derived from it), sign-in by address, verification, Forgot password (the link read out of
// the mail, once, expiring, replaced by a newer one, ending other sessions), no account enumeration, the throttles,
// changing the address and the password, invitations by mail, and what each says when no mail is configured.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { peerAddressHeader } from "@/lib/http/peer-address";
import { inviteEmail } from "@/lib/invites/lookup-invite";
import { MAIL_LIMITS } from "@/lib/users/mail-throttle";
import { RESET_REQUESTED } from "@/lib/users/request-password-reset";
import { VERIFICATION_TTL_MS } from "@/lib/users/account-token";
import { verificationLinkState } from "@/lib/users/verification-link-state";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import * as signup from "@/app/api/auth/signup/route";
import * as login from "@/app/api/auth/login/route";
import * as passwordReset from "@/app/api/auth/password-reset/route";
import * as passwordResetConfirm from "@/app/api/auth/password-reset/confirm/route";
import * as verifyEmailRoute from "@/app/api/auth/verify-email/route";
import * as emailRoute from "@/app/api/auth/email/route";
import * as verification from "@/app/api/auth/email/verification/route";
import * as passwordRoute from "@/app/api/auth/password/route";
import * as invites from "@/app/api/invites/route";
import * as lookup from "@/app/api/invites/lookup/route";
import * as projects from "@/app/api/projects/route";
import { call } from "./http";
import { createOrg, FIXTURE_PASSWORD, uid } from "./fixtures";
import { sessionCookie, sessionFrom, useEdition, withEnv } from "./org-fixtures";
import { personWithEmail as withAddress, tokenOf, useMailSink, type MailSink } from "./mail-sink";

const PASSWORD = "a long enough password";
const NEW_PASSWORD = "another long password";
const anAddress = () => `10.${randomBytes(3).join(".")}`;
const from = (address = anAddress()) => ({ [peerAddressHeader()]: address });
const anEmail = (local = "person") => `${local}.${uid()}@example.com`;

const signUp = (body: Record<string, unknown>, address = anAddress()) => call(signup.POST, { method: "POST", body: { password: PASSWORD, ...body }, headers: from(address) });
const signIn = (username: string, password: string, address = anAddress()) => call(login.POST, { method: "POST", body: { username, password }, headers: from(address) });
const askReset = (email: string, address = anAddress()) => call(passwordReset.POST, { method: "POST", body: { email }, headers: from(address) });
const confirmReset = (token: string, password = NEW_PASSWORD, address = anAddress()) => call(passwordResetConfirm.POST, { method: "POST", body: { token, password }, headers: from(address) });
const canRead = async (cookie: string) => (await call(projects.GET, { cookie })).status === 200;

/** A user with an address in an organization of their own, and a session. */
const personWithEmail = async (email = anEmail()) => ({ ...(await withAddress(email)), email });

let sink: MailSink;
useMailSink((s) => (sink = s));

describe("sign-up with an email address (cloud edition)", () => {
  useEdition("cloud");

  it("stores the address lower-cased, derives the username from it, and mails a verification link that works once", async () => {
    const local = `Alice.${uid()}`;
    const email = `${local}+outreach@Example.COM`;
    const res = await signUp({ email, organizationName: "Alice's shop" });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const stored = email.toLowerCase();
    expect(res.json.user).toMatchObject({ email: stored, username: local.toLowerCase() });
    expect(res.json.verificationSent).toBe(true);
    const row = await db.user.findUniqueOrThrow({ where: { id: res.json.user.id } });
    expect(row).toMatchObject({ email: stored, username: local.toLowerCase(), emailVerifiedAt: null });

    const [mail] = await sink.settled(stored);
    expect(mail!.subject).toBe("Confirm your email address for Outreach");
    expect(mail!.from).toContain("no-reply@outreach.test");
    const link = await sink.linkFor(stored, "/verify-email");
    expect(link).toMatch(/^https:\/\/outreach\.test\/verify-email\/vfy_[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    expect(await db.accountToken.count({ where: { tokenHash: tokenOf(link) } })).toBe(0);

    // The link's page offers the one button until it is used, then says the address is already verified.
    expect(await verificationLinkState({ token: tokenOf(link) })).toBe("usable");
    const verified = await call(verifyEmailRoute.POST, { method: "POST", body: { token: tokenOf(link) } });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    expect(verified.json).toEqual({ email: stored, verified: true, joined: [] });
    expect((await db.user.findUniqueOrThrow({ where: { id: row.id } })).emailVerifiedAt).not.toBeNull();
    expect(await verificationLinkState({ token: tokenOf(link) })).toBe("already_verified");
    // Still "already verified" once the link would have expired anyway.
    expect(await verificationLinkState({ token: tokenOf(link), now: new Date(Date.now() + 2 * VERIFICATION_TTL_MS) })).toBe("already_verified");
    const again = await call(verifyEmailRoute.POST, { method: "POST", body: { token: tokenOf(link) } });
    expect(again.status).toBe(400);
    expect(again.json.message).toContain("This verification link can't be used");
    expect(await verificationLinkState({ token: "vfy_" + "x".repeat(43) })).toBe("unusable");
    expect(await verificationLinkState({ token: "not-a-token" })).toBe("unusable");
  });

  it("gives a second person with the same local part a username with a short suffix", async () => {
    const local = `bob${uid()}`;
    const first = await signUp({ email: `${local}@one.example`, organizationName: "One" });
    const second = await signUp({ email: `${local}@two.example`, organizationName: "Two" });
    expect(first.json.user.username).toBe(local);
    expect(second.status).toBe(201);
    expect(second.json.user.username).toMatch(new RegExp(`^${local}-[0-9a-f]{4}$`));
  });

  it("refuses an address another account uses, whatever its case, and creates nothing", async () => {
    const email = anEmail("carol");
    expect((await signUp({ email, organizationName: "Carol" })).status).toBe(201);
    const impostor = `Impostor ${uid()}`;
    const taken = await signUp({ email: email.toUpperCase(), organizationName: impostor });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ error: "conflict", field: "email" });
    expect(taken.json.message).toContain("already exists");
    expect(await db.user.count({ where: { email } })).toBe(1);
    expect(await db.organization.count({ where: { name: impostor } })).toBe(0);
  });

  it("asks for an address, and creates nothing without one", async () => {
    const username = `no-mail-${uid()}`;
    const res = await signUp({ username, organizationName: "Nameless" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "bad_request", field: "email" });
    expect(await db.user.count({ where: { username } })).toBe(0);
  });

  it("signs in with the address in any case, or with the username", async () => {
    const email = anEmail("dave");
    const created = await signUp({ email, username: `dave-${uid()}`, organizationName: "Dave" });
    expect(created.status).toBe(201);
    const byEmail = await signIn(email.toUpperCase(), PASSWORD);
    expect(byEmail.status, JSON.stringify(byEmail.json)).toBe(200);
    expect(byEmail.json.user.username).toBe(created.json.user.username);
    expect(await canRead(sessionFrom(byEmail))).toBe(true);
    expect((await signIn(created.json.user.username, PASSWORD)).status).toBe(200);
    const wrong = await signIn(email, "not the password");
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe("Wrong email, username or password");
  });
});

describe("existing accounts without an address", () => {
  it("keep signing in by username, and can add an address (given their password), which gets a verification link", async () => {
    const org = await createOrg();
    expect((await signIn(org.username, FIXTURE_PASSWORD)).status).toBe(200);
    const email = anEmail("late");
    const wrong = await call(emailRoute.PUT, { method: "PUT", cookie: org.cookie, body: { email, currentPassword: "not it at all" }, headers: from() });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ error: "forbidden", field: "currentPassword" });
    expect((await db.user.findUniqueOrThrow({ where: { id: org.userId } })).email).toBeNull();

    const res = await call(emailRoute.PUT, { method: "PUT", cookie: org.cookie, body: { email: email.toUpperCase(), currentPassword: FIXTURE_PASSWORD }, headers: from() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ username: org.username, email, emailVerified: false, mailAvailable: true, verificationSent: true });
    expect(res.json.notice).toBe(`A verification link is on its way to ${email}.`);
    const link = await sink.linkFor(email, "/verify-email");
    expect((await signIn(email, FIXTURE_PASSWORD)).status).toBe(200);

    // A newer address ends the links sent to the older one, and starts unverified.
    const newer = anEmail("newer");
    expect((await call(emailRoute.PUT, { method: "PUT", cookie: org.cookie, body: { email: newer, currentPassword: FIXTURE_PASSWORD }, headers: from() })).status).toBe(200);
    expect((await call(verifyEmailRoute.POST, { method: "POST", body: { token: tokenOf(link) } })).status).toBe(400);
    const newLink = await sink.linkFor(newer, "/verify-email");
    expect((await call(verifyEmailRoute.POST, { method: "POST", body: { token: tokenOf(newLink) } })).status).toBe(200);
    expect(await db.user.findUniqueOrThrow({ where: { id: org.userId } })).toMatchObject({ email: newer, emailVerifiedAt: expect.any(Date) });
    expect((await signIn(email, FIXTURE_PASSWORD)).status).toBe(401);
    // The link to the older address is not "already verified": that address was never confirmed.
    expect(await verificationLinkState({ token: tokenOf(link) })).toBe("unusable");
    expect(await verificationLinkState({ token: tokenOf(newLink) })).toBe("already_verified");
    // Nor is a used link once the account has moved on to another address.
    expect((await call(emailRoute.PUT, { method: "PUT", cookie: org.cookie, body: { email: anEmail("third"), currentPassword: FIXTURE_PASSWORD }, headers: from() })).status).toBe(200);
    expect(await verificationLinkState({ token: tokenOf(newLink) })).toBe("unusable");
  });

  it("cannot take an address another account uses", async () => {
    const owner = await personWithEmail();
    const other = await createOrg();
    const res = await call(emailRoute.PUT, { method: "PUT", cookie: other.cookie, body: { email: owner.email, currentPassword: FIXTURE_PASSWORD }, headers: from() });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "conflict", field: "email" });
    expect((await db.user.findUniqueOrThrow({ where: { id: other.userId } })).email).toBeNull();
  });
});

describe("Send again", () => {
  it(`mails a new link (the older one stops working), at most ${MAIL_LIMITS.verificationPerUser} an hour, and says when the address is verified`, async () => {
    const person = await personWithEmail();
    const first = await call(verification.POST, { method: "POST", cookie: person.cookie });
    expect(first.status, JSON.stringify(first.json)).toBe(202);
    expect(first.json).toEqual({ sentTo: person.email });
    const oldLink = await sink.linkFor(person.email, "/verify-email");
    for (let i = 1; i < MAIL_LIMITS.verificationPerUser; i++) expect((await call(verification.POST, { method: "POST", cookie: person.cookie })).status).toBe(202);
    expect(await sink.settled(person.email)).toHaveLength(MAIL_LIMITS.verificationPerUser);
    const limited = await call(verification.POST, { method: "POST", cookie: person.cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sink.settled(person.email)).toHaveLength(MAIL_LIMITS.verificationPerUser);

    expect((await call(verifyEmailRoute.POST, { method: "POST", body: { token: tokenOf(oldLink) } })).status).toBe(400);
    const newest = await sink.linkFor(person.email, "/verify-email");
    expect((await call(verifyEmailRoute.POST, { method: "POST", body: { token: tokenOf(newest) } })).status).toBe(200);
    const done = await call(verification.POST, { method: "POST", cookie: person.cookie });
    expect(done.status).toBe(409);
    expect(done.json.message).toBe("Your email address is already verified.");
  });
});

describe("Forgot password", () => {
  it("mails a single-use link to the account's address; the link sets the password, ends every other session and signs in", async () => {
    const person = await personWithEmail();
    const laptop = await sessionCookie({ userId: person.userId, orgId: person.orgId, username: person.username });
    expect(await canRead(person.cookie)).toBe(true);

    const asked = await askReset(person.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.json).toEqual({ message: RESET_REQUESTED });
    const [mail] = await sink.settled(person.email);
    expect(mail!.subject).toBe("Reset your Outreach password");
    expect(mail!.html).toContain("Choose a new password");
    const link = await sink.linkFor(person.email, "/reset-password");
    expect(link).toMatch(/^https:\/\/outreach\.test\/reset-password\/rst_[A-Za-z0-9_-]{43}$/);

    const done = await confirmReset(tokenOf(link));
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toEqual({ reset: true, signedIn: true, user: { id: person.userId, username: person.username } });
    // Every session from before is over; the one the reset made works.
    expect(await canRead(person.cookie)).toBe(false);
    expect(await canRead(laptop)).toBe(false);
    expect(await canRead(sessionFrom(done))).toBe(true);
    expect((await signIn(person.email, FIXTURE_PASSWORD)).status).toBe(401);
    expect((await signIn(person.email, NEW_PASSWORD)).status).toBe(200);
    // The mail reached the address, so it counts as verified.
    expect((await db.user.findUniqueOrThrow({ where: { id: person.userId } })).emailVerifiedAt).not.toBeNull();

    // The link worked once.
    const reused = await confirmReset(tokenOf(link), "yet another password");
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ error: "bad_request", reason: "invalid_link" });
    expect(reused.headers.get("set-cookie")).toBeNull();
    expect((await signIn(person.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an expired link and an unknown one with the same answer, changing nothing", async () => {
    const person = await personWithEmail();
    await askReset(person.email);
    const link = await sink.linkFor(person.email, "/reset-password");
    await db.accountToken.updateMany({ where: { userId: person.userId, purpose: "password_reset" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const hashBefore = (await db.user.findUniqueOrThrow({ where: { id: person.userId } })).passwordHash;
    const expired = await confirmReset(tokenOf(link));
    const unknown = await confirmReset(`rst_${randomBytes(32).toString("base64url")}`);
    expect(expired.status).toBe(400);
    expect(unknown.json).toEqual(expired.json);
    expect(expired.json.message).toBe("This password reset link can't be used: it was already used, it expired, or a newer one was sent. Ask for a new link.");
    expect(await db.user.findUniqueOrThrow({ where: { id: person.userId } })).toMatchObject({ passwordHash: hashBefore, sessionVersion: 0 });
    expect(await canRead(person.cookie)).toBe(true);
  });

  it("ends the older link when a newer one is asked for", async () => {
    const person = await personWithEmail();
    await askReset(person.email);
    const older = await sink.linkFor(person.email, "/reset-password");
    await askReset(person.email);
    const newer = await sink.linkFor(person.email, "/reset-password");
    expect(newer).not.toBe(older);
    expect((await confirmReset(tokenOf(older))).status).toBe(400);
    expect((await confirmReset(tokenOf(newer))).status).toBe(200);
  });

  it("answers an address without an account exactly like one with, and mails nothing", async () => {
    const person = await personWithEmail();
    const nobody = anEmail("nobody");
    const mailsBefore = (await sink.settled()).length;
    const known = await askReset(person.email);
    const unknown = await askReset(nobody);
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect([...unknown.headers.keys()].filter((k) => k !== "x-request-id").sort()).toEqual([...known.headers.keys()].filter((k) => k !== "x-request-id").sort());
    const after = await sink.settled();
    expect(after.slice(mailsBefore).map((m) => m.to)).toEqual([person.email]);
  });

  it(`throttles requests per email address (${MAIL_LIMITS.resetPerEmail} an hour, with or without an account) and per client address (${MAIL_LIMITS.resetPerAddress})`, async () => {
    for (const email of [(await personWithEmail()).email, anEmail("ghost")]) {
      for (let i = 0; i < MAIL_LIMITS.resetPerEmail; i++) expect((await askReset(email)).status).toBe(202);
      const limited = await askReset(email);
      expect(limited.status).toBe(429);
      expect(limited.json.error).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(55 * 60);
    }
    const address = anAddress();
    for (let i = 0; i < MAIL_LIMITS.resetPerAddress; i++) expect((await askReset(anEmail("spray"), address)).status).toBe(202);
    const person = await personWithEmail();
    const mailsBefore = (await sink.settled(person.email)).length;
    const limited = await askReset(person.email, address);
    expect(limited.status).toBe(429);
    expect(await sink.settled(person.email)).toHaveLength(mailsBefore);
    expect(await db.accountToken.count({ where: { userId: person.userId } })).toBe(0);
    // Another network still gets through.
    expect((await askReset(person.email)).status).toBe(202);
  });
});

describe("changing the password", () => {
  it("needs the current password, ends the person's other sessions and keeps this one signed in", async () => {
    const person = await personWithEmail();
    const phone = await sessionCookie({ userId: person.userId, orgId: person.orgId, username: person.username });
    const wrong = await call(passwordRoute.POST, { method: "POST", cookie: person.cookie, body: { currentPassword: "wrong password", newPassword: NEW_PASSWORD }, headers: from() });
    expect(wrong.status).toBe(403);
    expect(wrong.json.message).toBe("Your current password is not right.");
    expect(await canRead(phone)).toBe(true);

    const res = await call(passwordRoute.POST, { method: "POST", cookie: person.cookie, body: { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD }, headers: from() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ changed: true });
    expect(await canRead(phone)).toBe(false);
    expect(await canRead(person.cookie)).toBe(false);
    expect(await canRead(sessionFrom(res))).toBe(true);
    expect((await signIn(person.username, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(person.username, FIXTURE_PASSWORD)).status).toBe(401);
  });

  it("ends a reset link asked for before the change", async () => {
    const person = await personWithEmail();
    await askReset(person.email);
    const link = await sink.linkFor(person.email, "/reset-password");
    const res = await call(passwordRoute.POST, { method: "POST", cookie: person.cookie, body: { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD }, headers: from() });
    expect(res.status).toBe(200);
    expect((await confirmReset(tokenOf(link), "a third long password")).status).toBe(400);
    expect((await signIn(person.username, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("API keys", () => {
  it("cannot change a person's address or password, nor ask for a verification mail", async () => {
    const person = await personWithEmail();
    const { key } = await createApiKey({ orgId: person.orgId, userId: person.userId, name: "Script", role: "member" });
    const asKey = { cookie: `apikey:${key}` };
    const before = await db.user.findUniqueOrThrow({ where: { id: person.userId } });
    const tries = [
      await call(emailRoute.PUT, { ...asKey, method: "PUT", body: { email: anEmail("keyed"), currentPassword: FIXTURE_PASSWORD } }),
      await call(passwordRoute.POST, { ...asKey, method: "POST", body: { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD } }),
      await call(verification.POST, { ...asKey, method: "POST" }),
    ];
    for (const res of tries) {
      expect(res.status).toBe(403);
      expect(res.json.message).toBe("API keys cannot be used on this route; sign in to the dashboard");
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: person.userId } })).toEqual(before);
    expect(await sink.settled(person.email)).toEqual([]);
  });
});

describe("invitations by email", () => {
  it("mails the link to the address, lists the address with the pending invitation, and pre-fills sign-up", async () => {
    const A = await createOrg();
    const email = anEmail("invitee");
    const made = await call(invites.POST, { method: "POST", cookie: A.cookie, body: { role: "admin", email: email.toUpperCase() } });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({ role: "admin", email, mailed: true, mailProblem: null });
    expect(made.json.url).toMatch(/\/join\/inv_/);

    const [mail] = await sink.settled(email);
    const org = await db.organization.findUniqueOrThrow({ where: { id: A.orgId } });
    expect(mail!.subject).toBe(`${A.username} invited you to join ${org.name} on Outreach`);
    expect(mail!.text).toContain("as an admin");
    const link = await sink.linkFor(email, "/join");
    expect(tokenOf(link)).toBe(made.json.token);

    const pending = await call(invites.GET, { cookie: A.cookie });
    expect(pending.json.invites).toEqual([expect.objectContaining({ id: made.json.id, email })]);
    // The public lookup answers for the link in hand without the address; the sign-up page reads it to pre-fill.
    const looked = await call(lookup.GET, { path: `/api/invites/lookup?token=${made.json.token}` });
    expect(looked.json).toMatchObject({ state: "pending", role: "admin" });
    expect(JSON.stringify(looked.json)).not.toContain(email);
    expect(await inviteEmail({ token: made.json.token })).toBe(email);

    // Sign-up with the link and its address makes the account; it joins once the address is confirmed.
    const signedUp = await signUp({ email, inviteToken: tokenOf(link) });
    expect(signedUp.status, JSON.stringify(signedUp.json)).toBe(201);
    expect(signedUp.json).toMatchObject({ organization: null, pendingInvitation: { organizationName: org.name }, verificationSent: true });
    expect(signedUp.headers.get("set-cookie")).toBeNull();
    expect(await db.membership.count({ where: { organizationId: A.orgId, user: { email } } })).toBe(0);
    const confirm = await sink.linkFor(email, "/verify-email");
    const verified = await call(verifyEmailRoute.POST, { method: "POST", body: { token: tokenOf(confirm) } });
    expect(verified.json).toMatchObject({ email, verified: true, joined: [{ organizationId: A.orgId, organizationName: org.name, problem: null }] });
    expect(await db.membership.findFirstOrThrow({ where: { organizationId: A.orgId, user: { email } } })).toMatchObject({ role: "admin" });
    expect(await inviteEmail({ token: made.json.token })).toBeNull();
    expect((await signIn(email, PASSWORD)).json.organizationId).toBe(A.orgId);
  });

  it("still answers the link when the mail server cannot be reached, and says the mail was not sent", async () => {
    const A = await createOrg();
    await withEnv({ OUTREACH_SMTP_URL: "smtp://127.0.0.1:9" }, async () => {
      const made = await call(invites.POST, { method: "POST", cookie: A.cookie, body: { email: anEmail("unlucky") } });
      expect(made.status).toBe(201);
      expect(made.json).toMatchObject({ mailed: false, mailProblem: "The invitation mail could not be sent just now: copy the link and send it yourself." });
      expect(made.json.token).toMatch(/^inv_/);
    });
  });
});

describe("without mail configured", () => {
  const NO_MAIL = { OUTREACH_SMTP_URL: undefined, OUTREACH_MAIL_FROM: undefined, OUTREACH_PUBLIC_URL: undefined };

  for (const edition of ["cloud", "self-hosted"] as const) {
    it(`${edition}: Forgot password and Send again say so (503), an invitation is made and says it was not mailed`, async () => {
      const person = await personWithEmail();
      await withEnv({ ...NO_MAIL, OUTREACH_EDITION: edition }, async () => {
        const reset = await askReset(person.email);
        expect(reset.status).toBe(503);
        expect(reset.json.error).toBe("unavailable");
        const again = await call(verification.POST, { method: "POST", cookie: person.cookie });
        expect(again.status).toBe(503);
        const invite = await call(invites.POST, { method: "POST", cookie: person.cookie, body: { email: anEmail("unmailed") } });
        expect(invite.status).toBe(201);
        expect(invite.json.mailed).toBe(false);
        const texts = [reset.json.message, again.json.message, invite.json.mailProblem] as string[];
        if (edition === "cloud") {
          expect(reset.json.message).toBe("Email isn't available on this service right now, so a reset link can't be sent; ask your admin for an invitation link.");
          expect(invite.json.mailProblem).toContain("copy the link and send it yourself");
          // Customers hear no setting, command or path.
          for (const t of texts) expect(t).not.toMatch(/OUTREACH_|SMTP|\.env|npm /);
        } else {
          for (const t of texts) expect(t).toContain("OUTREACH_SMTP_URL");
        }
        const changed = await call(emailRoute.PUT, { method: "PUT", cookie: person.cookie, body: { email: anEmail("moved"), currentPassword: FIXTURE_PASSWORD }, headers: from() });
        expect(changed.status).toBe(200);
        expect(changed.json).toMatchObject({ verificationSent: false, mailAvailable: false });
        expect(changed.json.notice).toBe(again.json.message);
      });
      expect(await db.accountToken.count({ where: { userId: person.userId } })).toBe(0);
    });
  }

  it("a self-hosted install takes a sign-up without an address", async () => {
    const A = await createOrg();
    const made = await call(invites.POST, { method: "POST", cookie: A.cookie, body: {} });
    const username = `plain-${uid()}`;
    const res = await withEnv({ ...NO_MAIL, OUTREACH_EDITION: "self-hosted" }, () => signUp({ username, inviteToken: made.json.token }));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ user: { username, email: null }, verificationSent: false });
  });
});
