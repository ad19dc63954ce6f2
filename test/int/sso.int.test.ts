// Single sign-on (docs/sso.md) against a real OpenID provider on loopback: connecting reads its discovery through the
// outbound guard and keeps the secret sealed; the domain is proved with the admin's verified address and belongs to
// one organization; a work email finds its organization's provider; the sign-in itself makes the member with the
// default role once, finds them after, refuses another domain, an unverified address and a switched-off connection,
// and only ever signs into the connection's own organization; password sign-in is off for the domain only while the
// connection is on; a session made through one organization's provider opens no other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { signInWithSso, SsoRefusedError } from "@/lib/sso/sign-in-with-sso";
import { encodeSession, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { withSessionFor } from "@/lib/auth/session-response";
import * as sso from "@/app/api/settings/sso/route";
import * as ssoDomain from "@/app/api/settings/sso/domain/route";
import * as ssoStart from "@/app/api/auth/sso/route";
import * as login from "@/app/api/auth/login/route";
import * as projects from "@/app/api/projects/route";
import { createOrg, FIXTURE_PASSWORD, uid, type OrgFixture } from "./fixtures";
import { call } from "./http";
import { addMember, joinOrg } from "./org-fixtures";
import { startOidcTestProvider, type OidcTestProvider } from "./oidc-test-provider";
import { connectSso, ssoTestEnv } from "./sso-fixtures";

let provider: OidcTestProvider;
let restoreEnv: () => void;

beforeAll(async () => {
  provider = await startOidcTestProvider();
  restoreEnv = ssoTestEnv();
});
afterAll(async () => {
  restoreEnv?.();
  await provider?.close();
});

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(SsoRefusedError);
  return (err as SsoRefusedError).refusal;
}

describe("connecting a provider", () => {
  it("reads discovery, stores the endpoints and a sealed secret, and never shows the secret", async () => {
    const A = await createOrg();
    const res = await call(sso.PUT, { method: "PUT", cookie: A.cookie, body: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.connection).toMatchObject({ issuer: provider.issuer, clientId: provider.clientId, hasClientSecret: true, domain: null, enabled: false, defaultRole: "member" });
    expect(res.json.connection.redirectUri).toMatch(/^http:\/\/dashboard\.test\/api\/auth\/callback\/sso-\d+$/);
    expect(JSON.stringify(res.json)).not.toContain(provider.clientSecret);
    const row = await db.ssoConnection.findUniqueOrThrow({ where: { organizationId: A.orgId } });
    expect(row.tokenEndpoint).toBe(`${provider.issuer}/token`);
    expect(row.jwksUri).toBe(`${provider.issuer}/jwks`);
    expect(Buffer.from(row.secretCiphertext).toString("latin1")).not.toContain(provider.clientSecret);
    const read = await call(sso.GET, { cookie: A.cookie });
    expect(read.json.connection.issuer).toBe(provider.issuer);
    expect(JSON.stringify(read.json)).not.toContain(provider.clientSecret);

    // A change without a secret keeps the stored one.
    const again = await call(sso.PUT, { method: "PUT", cookie: A.cookie, body: { issuer: provider.issuer, clientId: "renamed-client" } });
    expect(again.status).toBe(200);
    const after = await db.ssoConnection.findUniqueOrThrow({ where: { organizationId: A.orgId } });
    expect(Buffer.from(after.secretCiphertext).equals(Buffer.from(row.secretCiphertext))).toBe(true);
    expect(after.clientId).toBe("renamed-client");
  });

  it("refuses a provider on a private address unless the operator allows them, and one that is not a provider", async () => {
    const A = await createOrg();
    delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
    try {
      const res = await call(sso.PUT, { method: "PUT", cookie: A.cookie, body: { issuer: provider.issuer, clientId: "c", clientSecret: "s" } });
      expect(res.status).toBe(400);
      expect(res.json.message).toContain("loopback");
    } finally {
      process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
    }
    const wrong = await call(sso.PUT, { method: "PUT", cookie: A.cookie, body: { issuer: `${provider.issuer}/not-here`, clientId: "c", clientSecret: "s" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toContain("answered 404");
    expect(await db.ssoConnection.count({ where: { organizationId: A.orgId } })).toBe(0);
  });

  it("is for admins only", async () => {
    const A = await createOrg();
    const member = await addMember(A.orgId, "member");
    for (const res of [
      await call(sso.GET, { cookie: member.cookie }),
      await call(sso.PUT, { method: "PUT", cookie: member.cookie, body: { issuer: provider.issuer, clientId: "c", clientSecret: "s" } }),
      await call(ssoDomain.POST, { method: "POST", cookie: member.cookie }),
    ]) expect(res.status).toBe(403);
  });
});

describe("proving the domain", () => {
  it("takes the admin's verified address's domain, once across organizations, never a public mailbox's", async () => {
    const A = await createOrg();
    const B = await createOrg();
    await call(sso.PUT, { method: "PUT", cookie: A.cookie, body: { issuer: provider.issuer, clientId: "c", clientSecret: "s" } });
    await call(sso.PUT, { method: "PUT", cookie: B.cookie, body: { issuer: provider.issuer, clientId: "c", clientSecret: "s" } });
    const domain = `harbor-${uid()}.example`;
    await db.user.update({ where: { id: A.userId }, data: { email: `ada@${domain}` } });
    const unverified = await call(ssoDomain.POST, { method: "POST", cookie: A.cookie });
    expect(unverified.status).toBe(422);
    expect(unverified.json.message).toContain(`Verify ada@${domain}`);

    await db.user.update({ where: { id: A.userId }, data: { emailVerifiedAt: new Date() } });
    const proved = await call(ssoDomain.POST, { method: "POST", cookie: A.cookie });
    expect(proved.status).toBe(200);
    expect(proved.json.connection.domain).toBe(domain);

    await db.user.update({ where: { id: B.userId }, data: { email: `bo@${domain}`, emailVerifiedAt: new Date() } });
    const taken = await call(ssoDomain.POST, { method: "POST", cookie: B.cookie });
    expect(taken.status).toBe(409);

    await db.user.update({ where: { id: B.userId }, data: { email: `bo-${uid()}@gmail.com` } });
    const publicMail = await call(ssoDomain.POST, { method: "POST", cookie: B.cookie });
    expect(publicMail.status).toBe(422);
    expect(publicMail.json.message).toContain("gmail.com");
    expect((await db.ssoConnection.findUniqueOrThrow({ where: { organizationId: B.orgId } })).domain).toBeNull();
  });

  it("must come before sign-in is switched on", async () => {
    const A = await createOrg();
    await call(sso.PUT, { method: "PUT", cookie: A.cookie, body: { issuer: provider.issuer, clientId: "c", clientSecret: "s" } });
    const res = await call(sso.PATCH, { method: "PATCH", cookie: A.cookie, body: { enabled: true } });
    expect(res.status).toBe(422);
    expect((await db.ssoConnection.findUniqueOrThrow({ where: { organizationId: A.orgId } })).enabled).toBe(false);
  });
});

describe("signing in through the provider", () => {
  let A: OrgFixture;
  let B: OrgFixture;
  let a: { domain: string; connectionId: number };
  let b: { domain: string; connectionId: number };
  beforeAll(async () => {
    [A, B] = await Promise.all([createOrg(), createOrg()]);
    a = await connectSso(A, provider, { defaultRole: "admin" });
    b = await connectSso(B, provider);
  });

  it("a work email finds its organization's provider; an unknown domain and a switched-off one find none", async () => {
    const found = await call(ssoStart.POST, { method: "POST", body: { email: `Someone@${a.domain.toUpperCase()}` } });
    expect(found.status).toBe(200);
    expect(found.json).toEqual({ providerId: `sso-${a.connectionId}` });
    const unknown = await call(ssoStart.POST, { method: "POST", body: { email: `someone@nowhere-${uid()}.example` } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toContain("Sign in with your password");
  });

  it("first sign-in makes the member with the default role; the second finds the same person", async () => {
    const email = `grace-${uid()}@${a.domain}`;
    const first = await signInWithSso({ connectionId: a.connectionId, claims: { sub: "grace", email, email_verified: true, name: "Grace" } });
    expect(first.created).toBe(true);
    expect(first.orgId).toBe(A.orgId);
    const membership = await db.membership.findUniqueOrThrow({ where: { organizationId_userId: { organizationId: A.orgId, userId: first.userId } } });
    expect(membership.role).toBe("admin");
    const user = await db.user.findUniqueOrThrow({ where: { id: first.userId } });
    expect(user.email).toBe(email);
    expect(user.emailVerifiedAt).not.toBeNull();

    const second = await signInWithSso({ connectionId: a.connectionId, claims: { sub: "grace", email: email.toUpperCase(), email_verified: true } });
    expect(second).toMatchObject({ userId: first.userId, orgId: A.orgId, created: false });
    expect(await db.membership.count({ where: { userId: first.userId } })).toBe(1);
    // No password was made for them: the password route does not let them in.
    const pw = await call(login.POST, { method: "POST", body: { username: email, password: FIXTURE_PASSWORD } });
    expect(pw.status).toBe(401);
  });

  it("an existing member keeps their role; an existing account of the domain joins with the default role", async () => {
    const owner = await addMember(A.orgId, "member");
    const ownerEmail = `kept-${uid()}@${a.domain}`;
    await db.user.update({ where: { id: owner.userId }, data: { email: ownerEmail } });
    await signInWithSso({ connectionId: a.connectionId, claims: { sub: "kept", email: ownerEmail, email_verified: true } });
    expect((await db.membership.findUniqueOrThrow({ where: { id: owner.membershipId } })).role).toBe("member");
  });

  it("refuses another domain's person, an unverified address, a missing address and a switched-off connection", async () => {
    const before = await db.user.count();
    expect(await refusal(signInWithSso({ connectionId: a.connectionId, claims: { sub: "x", email: `eve@${b.domain}`, email_verified: true } }))).toBe("wrong_domain");
    expect(await refusal(signInWithSso({ connectionId: a.connectionId, claims: { sub: "x", email: `eve@evil-${uid()}.example`, email_verified: true } }))).toBe("wrong_domain");
    // A domain that only ends like the proved one is another domain.
    expect(await refusal(signInWithSso({ connectionId: a.connectionId, claims: { sub: "x", email: `eve@x${a.domain}`, email_verified: true } }))).toBe("wrong_domain");
    expect(await refusal(signInWithSso({ connectionId: a.connectionId, claims: { sub: "x", email: `eve@${a.domain}`, email_verified: false } }))).toBe("email_unverified");
    expect(await refusal(signInWithSso({ connectionId: a.connectionId, claims: { sub: "x", email: `eve@${a.domain}` } }))).toBe("email_unverified");
    expect(await refusal(signInWithSso({ connectionId: a.connectionId, claims: { sub: "x" } }))).toBe("no_email");
    expect(await db.user.count()).toBe(before);

    const C = await createOrg();
    const c = await connectSso(C, provider, { enabled: false });
    expect(await refusal(signInWithSso({ connectionId: c.connectionId, claims: { sub: "x", email: `eve@${c.domain}`, email_verified: true } }))).toBe("sso_off");
    const start = await call(ssoStart.POST, { method: "POST", body: { email: `eve@${c.domain}` } });
    expect(start.status).toBe(404);
  });

  it("one organization's provider never signs anyone into another organization", async () => {
    // A person of B (B's domain, B's member) presented by A's provider: refused, and nothing of theirs changes.
    const bPerson = await addMember(B.orgId, "member");
    const bEmail = `bo-${uid()}@${b.domain}`;
    await db.user.update({ where: { id: bPerson.userId }, data: { email: bEmail, emailVerifiedAt: new Date() } });
    expect(await refusal(signInWithSso({ connectionId: a.connectionId, claims: { sub: "bo", email: bEmail, email_verified: true } }))).toBe("wrong_domain");
    expect(await db.membership.count({ where: { userId: bPerson.userId } })).toBe(1);

    // A person of A's domain who also belongs to B: A's provider signs them in to A, and that session opens only A.
    const both = await addMember(A.orgId, "member");
    const bothEmail = `both-${uid()}@${a.domain}`;
    await db.user.update({ where: { id: both.userId }, data: { email: bothEmail } });
    await joinOrg(both, B.orgId, "admin");
    const signedIn = await signInWithSso({ connectionId: a.connectionId, claims: { sub: "both", email: bothEmail, email_verified: true } });
    expect(signedIn.orgId).toBe(A.orgId);
    const pinnedToA = `${SESSION_COOKIE}=${await encodeSession({ ...signedIn, ssoOrgId: A.orgId })}`;
    expect((await call(projects.GET, { cookie: pinnedToA })).status).toBe(200);
    // The same person's session for B, carrying A's pin (a token moved across by hand), is refused.
    const forgedToB = `${SESSION_COOKIE}=${await encodeSession({ userId: both.userId, username: both.username, orgId: B.orgId, ssoOrgId: A.orgId })}`;
    expect((await call(projects.GET, { cookie: forgedToB })).status).toBe(401);
    // Switching organizations from the pinned session signs out instead of opening B.
    const req = new Request("http://localhost/", { headers: { cookie: pinnedToA } });
    const moved = await withSessionFor(req, {}, { userId: both.userId, username: both.username, orgId: B.orgId });
    expect(moved.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    // The person's password session (not made by a provider) still opens B.
    const pw = await call(login.POST, { method: "POST", body: { username: both.username, password: FIXTURE_PASSWORD } });
    expect(pw.status).toBe(200);
  });
});

describe("password sign-in for the domain", () => {
  it("is refused while the connection is on with passwords off, and works again when the connection is off", async () => {
    const A = await createOrg();
    const { domain } = await connectSso(A, provider, { passwordSignInDisabled: true });
    const person = await addMember(A.orgId, "member");
    const email = `pw-${uid()}@${domain}`;
    await db.user.update({ where: { id: person.userId }, data: { email } });
    for (const username of [email, person.username]) {
      const res = await call(login.POST, { method: "POST", body: { username, password: FIXTURE_PASSWORD } });
      expect(res.status).toBe(403);
      expect(res.json.message).toContain("single sign-on");
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    // Someone of another domain in the same organization still uses their password.
    const other = await addMember(A.orgId, "member");
    expect((await call(login.POST, { method: "POST", body: { username: other.username, password: FIXTURE_PASSWORD } })).status).toBe(200);

    const off = await call(sso.PATCH, { method: "PATCH", cookie: A.cookie, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect((await call(login.POST, { method: "POST", body: { username: email, password: FIXTURE_PASSWORD } })).status).toBe(200);
  });

  it("disconnecting frees the domain and lets passwords work", async () => {
    const A = await createOrg();
    const { domain } = await connectSso(A, provider, { passwordSignInDisabled: true });
    expect((await call(sso.DELETE, { method: "DELETE", cookie: A.cookie })).status).toBe(204);
    expect(await db.ssoConnection.count({ where: { domain } })).toBe(0);
    expect((await call(sso.DELETE, { method: "DELETE", cookie: A.cookie })).status).toBe(404);
    expect((await call(login.POST, { method: "POST", body: { username: `admin@${domain}`, password: FIXTURE_PASSWORD } })).status).toBe(200);
  });
});
