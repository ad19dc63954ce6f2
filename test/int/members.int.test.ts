// Members and invitations: single-use invitation links whose token is shown once and stored only as a hash, who may
// invite whom, joining, and role changes with the last-owner lock.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hashInviteToken } from "@/lib/invites/invite-token";
import * as invites from "@/app/api/invites/route";
import * as invite from "@/app/api/invites/[id]/route";
import * as lookup from "@/app/api/invites/lookup/route";
import * as accept from "@/app/api/invites/accept/route";
import * as members from "@/app/api/members/route";
import * as member from "@/app/api/members/[id]/route";
import * as organizations from "@/app/api/organizations/route";
import * as projects from "@/app/api/projects/route";
import * as signup from "@/app/api/auth/signup/route";
import * as billing from "@/app/api/billing/route";
import { call } from "./http";
import { createOrg, uid, type OrgFixture } from "./fixtures";
import { addMember, BILLING_ENV, createUser, joinOrg, sessionCookie, sessionFrom, withEnv } from "./org-fixtures";
import { peerAddressHeader } from "@/lib/http/peer-address";

type Invited = { id: number; token: string; url: string; role: string; state: string; createdBy: string | null; expiresAt: string };

async function createInvite(by: OrgFixture, role?: string): Promise<Invited> {
  const res = await call(invites.POST, { method: "POST", cookie: by.cookie, body: role ? { role } : {} });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}
const lookUp = (token: string) => call(lookup.GET, { path: `/api/invites/lookup?token=${encodeURIComponent(token)}` });
const acceptAs = (who: { cookie: string }, token: string) => call(accept.POST, { method: "POST", cookie: who.cookie, body: { token }, headers: { "sec-fetch-site": "same-origin" } });
const roleIn = async (orgId: number, userId: number) => (await db.membership.findUnique({ where: { organizationId_userId: { organizationId: orgId, userId } } }))?.role ?? null;
const listed = async (cookie: string) => (await call(members.GET, { cookie })).json.members.map((m: { username: string; role: string }) => [m.username, m.role]);
/** A well-formed token that was never issued. */
const strayToken = () => `inv_${randomBytes(32).toString("base64url")}`;

describe("invitations", () => {
  it("an admin creates one: the link carries a token shown once, the database keeps only its hash", async () => {
    const A = await createOrg();
    const admin = await addMember(A.orgId, "admin");
    const created = await createInvite(admin);
    expect(created.token).toMatch(/^inv_[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`http://localhost/join/${created.token}`);
    expect(created).toMatchObject({ role: "member", state: "pending", createdBy: admin.username });
    const ttlDays = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(ttlDays).toBeGreaterThan(6.99);
    expect(ttlDays).toBeLessThanOrEqual(7);

    const row = await db.invite.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.tokenHash).toBe(hashInviteToken(created.token));
    const secret = created.token.slice(4);
    const table = JSON.stringify(await db.$queryRaw`SELECT * FROM invites`);
    expect(table).not.toContain(secret);

    // The pending list shows it, without the token or its hash.
    const list = await call(invites.GET, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const mine = list.json.invites.find((i: { id: number }) => i.id === created.id);
    expect(mine).toMatchObject({ id: created.id, role: "member", state: "pending", createdBy: admin.username });
    expect(JSON.stringify(list.json)).not.toContain(secret);
    expect(JSON.stringify(list.json)).not.toContain(row.tokenHash);
    expect(mine).not.toHaveProperty("token");
    expect(mine).not.toHaveProperty("url");
  });

  it("lookup (no sign-in) names the organization and role of a valid link, and says why another one does not work", async () => {
    const A = await createOrg();
    const orgName = (await db.organization.findUniqueOrThrow({ where: { id: A.orgId } })).name;
    const pending = await createInvite(A, "admin");
    const ok = await lookUp(pending.token);
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ state: "pending", organizationName: orgName, role: "admin", expiresAt: pending.expiresAt });

    expect((await lookUp(strayToken())).json).toEqual({ state: "unknown", organizationName: null, role: null });

    const expired = await createInvite(A);
    await db.invite.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await lookUp(expired.token)).json).toMatchObject({ state: "expired", organizationName: orgName });

    const revoked = await createInvite(A);
    expect((await call(invite.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(revoked.id) } })).status).toBe(200);
    expect((await lookUp(revoked.token)).json).toMatchObject({ state: "revoked" });

    const used = await createInvite(A);
    const joiner = await createOrg();
    expect((await acceptAs(joiner, used.token)).status).toBe(200);
    expect((await lookUp(used.token)).json).toMatchObject({ state: "accepted" });

    const malformed = await lookUp("inv_short");
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toBe("bad_request");
  });

  it("accepting joins with the invited role and moves the session to that organization; the link then stops working", async () => {
    const A = await createOrg();
    const created = await createInvite(A, "admin");
    const U = await createOrg();
    const res = await acceptAs(U, created.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const orgName = (await db.organization.findUniqueOrThrow({ where: { id: A.orgId } })).name;
    expect(res.json).toEqual({ organization: { id: A.orgId, name: orgName }, role: "admin" });
    expect(await roleIn(A.orgId, U.userId)).toBe("admin");
    const cookie = sessionFrom(res);
    const orgs = await call(organizations.GET, { cookie });
    expect(orgs.json.activeId).toBe(A.orgId);
    expect(orgs.json.organizations.map((o: { id: number; role: string }) => [o.id, o.role]).sort()).toEqual([[A.orgId, "admin"], [U.orgId, "owner"]].sort());
    expect(await listed(cookie)).toContainEqual([U.username, "admin"]);
    const row = await db.invite.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.acceptedById).toBe(U.userId);
    expect(row.acceptedAt).not.toBeNull();
    expect((await call(invites.GET, { cookie: A.cookie })).json.invites.map((i: { id: number }) => i.id)).not.toContain(created.id);

    // Single use: another user gets 409 and joins nothing; the invitation still names the first user.
    const V = await createOrg();
    const again = await acceptAs(V, created.token);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: "conflict", message: "This invitation has already been used" });
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await roleIn(A.orgId, V.userId)).toBeNull();
    expect((await db.invite.findUniqueOrThrow({ where: { id: created.id } })).acceptedById).toBe(U.userId);
    expect((await acceptAs(U, created.token)).status).toBe(409);
  });

  it("an expired link is refused and joins nobody", async () => {
    const A = await createOrg();
    const created = await createInvite(A);
    await db.$executeRaw`UPDATE invites SET expires_at = now() - interval '1 minute' WHERE id = ${created.id}`;
    const U = await createOrg();
    const res = await acceptAs(U, created.token);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "conflict", message: "This invitation has expired: ask for a new link" });
    expect(await roleIn(A.orgId, U.userId)).toBeNull();
    expect((await db.invite.findUniqueOrThrow({ where: { id: created.id } })).acceptedAt).toBeNull();
    expect((await call(invites.GET, { cookie: A.cookie })).json.invites.map((i: { id: number }) => i.id)).not.toContain(created.id);
  });

  it("a revoked link is refused; revoking twice is a 404", async () => {
    const A = await createOrg();
    const created = await createInvite(A);
    const revoked = await call(invite.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(created.id) } });
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({ id: created.id, state: "revoked" });
    expect((await call(invites.GET, { cookie: A.cookie })).json.invites.map((i: { id: number }) => i.id)).not.toContain(created.id);
    const U = await createOrg();
    const res = await acceptAs(U, created.token);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "conflict", message: "This invitation was revoked" });
    expect(await roleIn(A.orgId, U.userId)).toBeNull();
    const twice = await call(invite.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(created.id) } });
    expect(twice.status).toBe(404);
    expect(twice.json).toEqual({ error: "not_found", message: "Invitation not found" });
  });

  it("an unknown token is a 404; a member of the organization cannot join it twice", async () => {
    const A = await createOrg();
    const U = await createOrg();
    const unknown = await acceptAs(U, strayToken());
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: "not_found", message: "This invitation link is not valid" });
    const created = await createInvite(A);
    const self = await acceptAs(A, created.token);
    expect(self.status).toBe(409);
    expect(self.json.message).toBe("You are already a member of this organization");
    expect((await db.invite.findUniqueOrThrow({ where: { id: created.id } })).acceptedAt).toBeNull();
  });

  it("accepting is refused when another site's page starts it", async () => {
    const A = await createOrg();
    const created = await createInvite(A);
    const U = await createOrg();
    const res = await call(accept.POST, { method: "POST", cookie: U.cookie, body: { token: created.token }, headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("forbidden");
    expect(await roleIn(A.orgId, U.userId)).toBeNull();
    expect((await db.invite.findUniqueOrThrow({ where: { id: created.id } })).acceptedAt).toBeNull();
  });

  it("a member cannot invite (403); an admin cannot invite an owner (403); an owner can", async () => {
    const A = await createOrg();
    const plain = await addMember(A.orgId, "member");
    const admin = await addMember(A.orgId, "admin");
    const count = () => db.invite.count({ where: { organizationId: A.orgId } });

    const byMember = await call(invites.POST, { method: "POST", cookie: plain.cookie, body: { role: "member" } });
    expect(byMember.status).toBe(403);
    expect(byMember.json).toEqual({ error: "forbidden", message: "This action needs the admin role" });
    expect((await call(invites.GET, { cookie: plain.cookie })).status).toBe(403);
    const ownerByAdmin = await call(invites.POST, { method: "POST", cookie: admin.cookie, body: { role: "owner" } });
    expect(ownerByAdmin.status).toBe(403);
    expect(ownerByAdmin.json).toEqual({ error: "forbidden", message: "Only an owner can invite another owner" });
    expect(await count()).toBe(0);

    const adminByAdmin = await createInvite(admin, "admin");
    expect(adminByAdmin.role).toBe("admin");
    const ownerByOwner = await createInvite(A, "owner");
    expect(ownerByOwner.role).toBe("owner");
    expect(await count()).toBe(2);
    const U = await createOrg();
    expect((await acceptAs(U, ownerByOwner.token)).json.role).toBe("owner");
    expect(await roleIn(A.orgId, U.userId)).toBe("owner");
  });

  it("two users accepting one link at the same moment: exactly one joins", async () => {
    const A = await createOrg();
    for (let round = 0; round < 3; round++) {
      const created = await createInvite(A);
      const [U, V] = await Promise.all([createOrg(), createOrg()]);
      const before = await db.membership.count({ where: { organizationId: A.orgId } });
      const results = await Promise.all([acceptAs(U, created.token), acceptAs(V, created.token)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await db.membership.count({ where: { organizationId: A.orgId } })).toBe(before + 1);
      const winner = results[0]!.status === 200 ? U : V;
      const loser = winner === U ? V : U;
      expect(await roleIn(A.orgId, winner.userId)).toBe("member");
      expect(await roleIn(A.orgId, loser.userId)).toBeNull();
      expect((await db.invite.findUniqueOrThrow({ where: { id: created.id } })).acceptedById).toBe(winner.userId);
    }
  });

  it("with billing on, members and pending invitations together stay within the plan's seats (402)", async () => {
    await withEnv(BILLING_ENV, async () => {
      const A = await createOrg();
      await addMember(A.orgId, "member");
      const pending = await createInvite(A);
      const overview = await call(billing.GET, { cookie: A.cookie });
      expect(overview.json).toMatchObject({ enabled: true, plan: { slug: "free" }, members: { count: 2, limit: 3 } });

      const full = await call(invites.POST, { method: "POST", cookie: A.cookie, body: {} });
      expect(full.status).toBe(402);
      expect(full.json).toMatchObject({ error: "plan_limit", upgradeUrl: "/settings/billing" });
      expect(full.json.message).toContain("3 seats");
      expect(await db.invite.count({ where: { organizationId: A.orgId } })).toBe(1);

      // An expired invitation holds no seat, and neither does a revoked one.
      await db.invite.update({ where: { id: pending.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const next = await createInvite(A);
      expect((await call(invites.POST, { method: "POST", cookie: A.cookie, body: {} })).status).toBe(402);
      await call(invite.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(next.id) } });
      await createInvite(A);
    });
  });

  it("signing up with an invitation joins its organization with its role, without creating an organization", async () => {
    const A = await createOrg();
    const created = await createInvite(A, "admin");
    const username = `invited-${uid()}`;
    const res = await call(signup.POST, { method: "POST", body: { username, password: "a long enough password", inviteToken: created.token }, headers: { [peerAddressHeader()]: "10.77.0.1" } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.organization.id).toBe(A.orgId);
    expect(await db.membership.findMany({ where: { user: { username } }, select: { organizationId: true, role: true } })).toEqual([{ organizationId: A.orgId, role: "admin" }]);
    expect(await listed(sessionFrom(res))).toContainEqual([username, "admin"]);
    // The link is spent: a second sign-up with it creates no user.
    const second = `invited-again-${uid()}`;
    const again = await call(signup.POST, { method: "POST", body: { username: second, password: "a long enough password", inviteToken: created.token }, headers: { [peerAddressHeader()]: "10.77.0.1" } });
    expect(again.status).toBe(409);
    expect(await db.user.count({ where: { username: second } })).toBe(0);
  });

  it("in the cloud edition an invitation's sign-up asks for an email address too, and leaves the link unspent without one", async () => {
    const A = await createOrg();
    const created = await createInvite(A);
    const email = `invited-${uid()}@example.com`;
    await withEnv({ OUTREACH_EDITION: "cloud" }, async () => {
      const bare = await call(signup.POST, { method: "POST", body: { username: `bare-${uid()}`, password: "a long enough password", inviteToken: created.token }, headers: { [peerAddressHeader()]: "10.77.0.2" } });
      expect(bare.status).toBe(400);
      expect(bare.json).toMatchObject({ error: "bad_request", field: "email" });
      expect((await call(lookup.GET, { path: `/api/invites/lookup?token=${created.token}` })).json.state).toBe("pending");
      const res = await call(signup.POST, { method: "POST", body: { email, password: "a long enough password", inviteToken: created.token }, headers: { [peerAddressHeader()]: "10.77.0.2" } });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json.organization.id).toBe(A.orgId);
      expect(res.json.user.email).toBe(email);
    });
  });
});

describe("members and roles", () => {
  const patchRole = (by: { cookie: string }, membershipId: number, role: string) =>
    call(member.PATCH, { method: "PATCH", cookie: by.cookie, params: { id: String(membershipId) }, body: { role } });
  const remove = (by: { cookie: string }, membershipId: number) => call(member.DELETE, { method: "DELETE", cookie: by.cookie, params: { id: String(membershipId) } });
  const ownerMembership = async (o: OrgFixture) => (await db.membership.findUniqueOrThrow({ where: { organizationId_userId: { organizationId: o.orgId, userId: o.userId } } })).id;

  it("an admin turns a member into an admin and back", async () => {
    const A = await createOrg();
    const admin = await addMember(A.orgId, "admin");
    const M = await addMember(A.orgId, "member");
    const up = await patchRole(admin, M.membershipId, "admin");
    expect(up.status).toBe(200);
    expect(up.json).toEqual({ id: M.membershipId, username: M.username, role: "admin" });
    expect(await roleIn(A.orgId, M.userId)).toBe("admin");
    expect(await listed(A.cookie)).toContainEqual([M.username, "admin"]);
    // Acting with the new role at once: the role is read on every request.
    expect((await call(invites.GET, { cookie: M.cookie })).status).toBe(200);
    const down = await patchRole(admin, M.membershipId, "member");
    expect(down.json.role).toBe("member");
    expect(await roleIn(A.orgId, M.userId)).toBe("member");
    expect((await call(invites.GET, { cookie: M.cookie })).status).toBe(403);
  });

  it("a member changes nobody's role (403)", async () => {
    const A = await createOrg();
    const M = await addMember(A.orgId, "member");
    const other = await addMember(A.orgId, "member");
    const res = await patchRole(M, other.membershipId, "admin");
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("forbidden");
    expect(await roleIn(A.orgId, other.userId)).toBe("member");
    expect((await patchRole(M, M.membershipId, "admin")).status).toBe(403);
    expect(await roleIn(A.orgId, M.userId)).toBe("member");
  });

  it("only an owner makes or unmakes owners", async () => {
    const A = await createOrg();
    const admin = await addMember(A.orgId, "admin");
    const M = await addMember(A.orgId, "member");
    const promote = await patchRole(admin, M.membershipId, "owner");
    expect(promote.status).toBe(403);
    expect(promote.json).toEqual({ error: "forbidden", message: "Only an owner can make someone an owner or change an owner's role" });
    expect(await roleIn(A.orgId, M.userId)).toBe("member");
    expect((await patchRole(admin, admin.membershipId, "owner")).status).toBe(403);
    expect(await roleIn(A.orgId, admin.userId)).toBe("admin");

    expect((await patchRole(A, M.membershipId, "owner")).status).toBe(200);
    expect(await roleIn(A.orgId, M.userId)).toBe("owner");
    const demoteByAdmin = await patchRole(admin, M.membershipId, "member");
    expect(demoteByAdmin.status).toBe(403);
    expect(await roleIn(A.orgId, M.userId)).toBe("owner");
    expect((await patchRole(A, M.membershipId, "admin")).status).toBe(200);
    expect(await roleIn(A.orgId, M.userId)).toBe("admin");
  });

  it("the last owner can be neither demoted nor removed (409), and the row stays as it was", async () => {
    const A = await createOrg();
    const admin = await addMember(A.orgId, "admin");
    const id = await ownerMembership(A);
    const before = await db.membership.findUniqueOrThrow({ where: { id } });

    const demote = await patchRole(A, id, "admin");
    expect(demote.status).toBe(409);
    expect(demote.json).toEqual({ error: "conflict", message: "An organization needs at least one owner: make someone else an owner first" });
    // Removing oneself is leaving, which has its own route (and the same lock).
    const removeSelf = await remove(A, id);
    expect(removeSelf.status).toBe(409);
    expect(removeSelf.json).toEqual({ error: "conflict", message: "To remove yourself, leave the organization instead" });
    // An admin cannot touch the owner at all.
    expect((await patchRole(admin, id, "member")).status).toBe(403);
    const byAdmin = await remove(admin, id);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json).toEqual({ error: "forbidden", message: "Only an owner can remove an owner" });
    expect(await db.membership.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  it("an owner removes another owner while one remains", async () => {
    const A = await createOrg();
    const second = await addMember(A.orgId, "owner");
    const res = await remove(A, second.membershipId);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: second.membershipId, username: second.username, removed: true, revoked: { apiKeys: 0, devices: 0 } });
    expect(await listed(A.cookie)).toEqual([[A.username, "owner"]]);
  });

  it("two owners demoting each other at the same moment leave exactly one owner", async () => {
    for (let round = 0; round < 4; round++) {
      const A = await createOrg();
      const B = await addMember(A.orgId, "owner");
      const aId = await ownerMembership(A);
      const results = await Promise.all([patchRole(A, B.membershipId, "admin"), patchRole(B, aId, "admin")]);
      // One wins; the other finds no other owner left (409), or was already demoted when its request began (403).
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await db.membership.findMany({ where: { organizationId: A.orgId, role: "owner" } });
      expect(owners).toHaveLength(1);
    }
  });

  it("removing a member: they leave the list, and their session is refused from the next request", async () => {
    const A = await createOrg();
    const admin = await addMember(A.orgId, "admin");
    const M = await addMember(A.orgId, "member");
    expect((await call(projects.GET, { cookie: M.cookie })).status).toBe(200);
    const res = await remove(admin, M.membershipId);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: M.membershipId, username: M.username, removed: true, revoked: { apiKeys: 0, devices: 0 } });
    expect((await listed(A.cookie)).map(([u]: [string]) => u)).not.toContain(M.username);
    const after = await call(projects.GET, { cookie: M.cookie });
    expect(after.status).toBe(401);
    expect(after.json.error).toBe("unauthorized");
    expect(await db.user.count({ where: { id: M.userId } })).toBe(1);
    // Removing the same membership again: not found.
    expect((await remove(admin, M.membershipId)).status).toBe(404);
  });

  it("a member cannot remove anyone (403)", async () => {
    const A = await createOrg();
    const M = await addMember(A.orgId, "member");
    const other = await addMember(A.orgId, "member");
    const res = await remove(M, other.membershipId);
    expect(res.status).toBe(403);
    expect(await roleIn(A.orgId, other.userId)).toBe("member");
  });

  it("the members list shows the active organization's people only, with usernames and roles, owners first", async () => {
    const A = await createOrg();
    const admin = await addMember(A.orgId, "admin");
    const M = await addMember(A.orgId, "member");
    const Y = await createOrg();
    const yOnly = await addMember(Y.orgId, "member");
    // M also belongs to Y; acting in A they see A's people, acting in Y they see Y's.
    const mInY = await joinOrg(M, Y.orgId, "admin");
    const inA = await call(members.GET, { cookie: M.cookie });
    expect(inA.status).toBe(200);
    expect(inA.json.members.map((m: { username: string; role: string; you: boolean }) => [m.username, m.role, m.you])).toEqual([
      [A.username, "owner", false],
      [admin.username, "admin", false],
      [M.username, "member", true],
    ]);
    expect(JSON.stringify(inA.json)).not.toContain(yOnly.username);
    expect(JSON.stringify(inA.json)).not.toMatch(/password|scrypt/i);
    expect(await listed(mInY.cookie)).toEqual([[Y.username, "owner"], [M.username, "admin"], [yOnly.username, "member"]]);
    // A membership of another organization is not found, even for an admin of both.
    const cross = await call(member.PATCH, { method: "PATCH", cookie: mInY.cookie, params: { id: String(admin.membershipId) }, body: { role: "member" } });
    expect(cross.status).toBe(404);
    expect(await roleIn(A.orgId, admin.userId)).toBe("admin");
  });

  it("a brand-new user's session for an organization they never joined is refused", async () => {
    const A = await createOrg();
    const stranger = await createUser();
    const cookie = await sessionCookie({ userId: stranger.id, orgId: A.orgId, username: stranger.username });
    expect((await call(members.GET, { cookie })).status).toBe(401);
  });
});
