// Organizations of the cloud edition: sign-up into an organization of one's own, starting another one, switching
// between them, renaming, leaving and deleting; and what a self-hosted install refuses of all that.
import { sealCredentials } from "@/lib/crypto/credentials";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintApiKey } from "@/lib/api-keys/api-key-token";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { mintInviteToken } from "@/lib/invites/invite-token";
import { createNotification } from "@/lib/notifications/create-notification";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { SIGN_UPS_PER_ADDRESS } from "@/lib/users/sign-up-throttle";
import * as signup from "@/app/api/auth/signup/route";
import * as organizations from "@/app/api/organizations/route";
import * as organization from "@/app/api/organization/route";
import * as leave from "@/app/api/organization/leave/route";
import * as switchOrg from "@/app/api/auth/switch-organization/route";
import * as members from "@/app/api/members/route";
import * as member from "@/app/api/members/[id]/route";
import * as projects from "@/app/api/projects/route";
import * as playbooks from "@/app/api/playbooks/route";
import { call } from "./http";
import {
  createAccountRow, createBlocklistRow, createCampaignRow, createDevice, createDraftRow, createOrg, createProject, createTemplateRow, uid, type OrgFixture,
} from "./fixtures";
import { addMember, joinOrg, rowsByTable, sessionFrom, useEdition } from "./org-fixtures";
import { peerAddressHeader } from "@/lib/http/peer-address";

const PASSWORD = "a long enough password";
/** A fresh client address, so each test has its own sign-up allowance. */
const anAddress = () => `10.${randomBytes(3).join(".")}`;
/** The cloud edition asks everyone for an email address: each sign-up gets one of its own unless the test gives one. */
const signUp = (body: Record<string, unknown>, address = anAddress()) =>
  call(signup.POST, { method: "POST", body: { password: PASSWORD, email: `${String(body.username ?? uid())}@example.com`, ...body }, headers: { [peerAddressHeader()]: address } });
const listOrgs = (cookie: string) => call(organizations.GET, { cookie });
const activeOf = async (cookie: string) => (await listOrgs(cookie)).json.activeId as number;

describe("sign-up on the cloud edition", () => {
  useEdition("cloud");

  it("creates the user with a new organization of their own, as its owner, never the default organization", async () => {
    const defaultOrg = await ensureDefaultOrganization();
    const defaultBefore = await db.organization.findUniqueOrThrow({ where: { id: defaultOrg.id }, include: { memberships: true } });
    const username = `founder-${uid()}`;
    const res = await signUp({ username, organizationName: "Acme Outreach" });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.user).toMatchObject({ username, email: `${username}@example.com` });
    const orgId = res.json.organization.id as number;
    expect(orgId).not.toBe(defaultOrg.id);
    expect(res.json.organization.name).toBe("Acme Outreach");

    const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, include: { memberships: { include: { user: true } } } });
    expect(org.isDefault).toBe(false);
    expect(org.memberships.map((m) => [m.user.username, m.role])).toEqual([[username, "owner"]]);
    // The default organization is exactly as it was: not renamed, nobody added.
    const defaultAfter = await db.organization.findUniqueOrThrow({ where: { id: defaultOrg.id }, include: { memberships: true } });
    expect(defaultAfter).toEqual(defaultBefore);

    // Signed in at once, in the new organization, which comes with the built-in playbooks.
    const cookie = sessionFrom(res);
    const mine = await listOrgs(cookie);
    expect(mine.json).toEqual({ organizations: [{ id: orgId, name: "Acme Outreach", role: "owner", plan: "free" }], activeId: orgId });
    const books = await call(playbooks.GET, { cookie });
    expect(books.json.playbooks.some((p: { isBuiltin: boolean }) => p.isBuiltin)).toBe(true);

    // A second sign-up gets yet another organization, not the first one's.
    const second = await signUp({ username: `second-${uid()}`, organizationName: "Acme Outreach" });
    expect(second.status).toBe(201);
    expect([orgId, defaultOrg.id]).not.toContain(second.json.organization.id);
    expect(await db.membership.count({ where: { organizationId: orgId } })).toBe(1);
  });

  it("asks for an organization name when there is no invitation, and creates nothing", async () => {
    const username = `nameless-${uid()}`;
    const res = await signUp({ username });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "bad_request", field: "organizationName" });
    expect(await db.user.count({ where: { username } })).toBe(0);
  });

  it(`allows ${SIGN_UPS_PER_ADDRESS} sign-ups an hour from one address; the next answers 429 with Retry-After and creates nothing`, async () => {
    const address = anAddress();
    for (let i = 0; i < SIGN_UPS_PER_ADDRESS; i++) {
      const ok = await signUp({ username: `burst-${i}-${uid()}`, organizationName: `Burst ${i}` }, address);
      expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    }
    const username = `burst-over-${uid()}`;
    const organizationName = `One too many ${uid()}`;
    const refused = await signUp({ username, organizationName }, address);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe("rate_limited");
    expect(typeof refused.json.message).toBe("string");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refused.json.retry_after).toBe(retryAfter);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await db.user.count({ where: { username } })).toBe(0);
    expect(await db.organization.count({ where: { name: organizationName } })).toBe(0);
    // The address is what is counted (the socket's, lib/http/peer-address.ts): another address still signs up.
    expect((await signUp({ username: `elsewhere-${uid()}`, organizationName: "Elsewhere" })).status).toBe(201);
  });
});

describe("sign-up on a self-hosted install", () => {
  useEdition("self-hosted");

  it("is refused once a user exists: 409, and no user or organization is created", async () => {
    await createOrg();
    const username = `latecomer-${uid()}`;
    const organizationName = `Latecomer ${uid()}`;
    const res = await signUp({ username, organizationName });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "conflict", message: "Setup is already complete. Sign in instead." });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await db.user.count({ where: { username } })).toBe(0);
    expect(await db.organization.count({ where: { name: organizationName } })).toBe(0);
  });

  it("is not throttled per address (the refusal stays a 409, never a 429)", async () => {
    const address = anAddress();
    for (let i = 0; i < SIGN_UPS_PER_ADDRESS + 1; i++) {
      expect((await signUp({ username: `again-${i}-${uid()}`, organizationName: "X" }, address)).status).toBe(409);
    }
  });

  it("does not let a user start another organization", async () => {
    const A = await createOrg();
    const name = `Side project ${uid()}`;
    const res = await call(organizations.POST, { method: "POST", cookie: A.cookie, body: { name } });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("forbidden");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await db.organization.count({ where: { name } })).toBe(0);
  });
});

describe("organizations of a signed-in user (cloud edition)", () => {
  useEdition("cloud");

  it("a user starts a second organization: they own it, it becomes the active one, and the list shows both with roles", async () => {
    const U = await createOrg({ role: "admin" });
    const firstName = (await db.organization.findUniqueOrThrow({ where: { id: U.orgId } })).name;
    const firstProject = await createProject(U.orgId, "Only in the first organization");
    const name = `Second ${uid()}`;
    const res = await call(organizations.POST, { method: "POST", cookie: U.cookie, body: { name } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const newId = res.json.organization.id as number;
    expect(res.json.organization).toEqual({ id: newId, name, role: "owner" });

    const cookie = sessionFrom(res);
    const list = await listOrgs(cookie);
    expect(list.json.activeId).toBe(newId);
    const byId = new Map(list.json.organizations.map((o: { id: number; role: string; name: string }) => [o.id, o]));
    expect(byId.size).toBe(2);
    expect(byId.get(U.orgId)).toMatchObject({ name: firstName, role: "admin" });
    expect(byId.get(newId)).toMatchObject({ name, role: "owner", plan: "free" });
    expect(await db.membership.findMany({ where: { organizationId: newId }, select: { userId: true, role: true } })).toEqual([{ userId: U.userId, role: "owner" }]);

    // Acting in the new organization shows none of the first one's projects; the old session still acts in the first.
    const inNew = await call(projects.GET, { cookie });
    expect(inNew.json.projects).toEqual([]);
    expect(await activeOf(U.cookie)).toBe(U.orgId);
    const inOld = await call(projects.GET, { cookie: U.cookie });
    expect(inOld.json.projects.map((p: { id: number }) => p.id)).toContain(firstProject.id);
  });

  it("switching to an organization the user is not a member of answers 404 and changes nothing", async () => {
    const U = await createOrg();
    const other = await createOrg();
    const Y = await createOrg();
    await joinOrg(U, Y.orgId, "member");

    const moved = await call(switchOrg.POST, { method: "POST", cookie: U.cookie, body: { organizationId: Y.orgId } });
    expect(moved.status).toBe(200);
    expect(moved.json.activeId).toBe(Y.orgId);
    expect(await activeOf(sessionFrom(moved))).toBe(Y.orgId);

    const refused = await call(switchOrg.POST, { method: "POST", cookie: U.cookie, body: { organizationId: other.orgId } });
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ error: "not_found", message: "Organization not found" });
    expect(refused.headers.get("set-cookie")).toBeNull();
    // Another organization and one that does not exist read the same.
    const missing = await call(switchOrg.POST, { method: "POST", cookie: U.cookie, body: { organizationId: 2_000_000_000 } });
    expect(missing.json).toEqual(refused.json);
    expect(await activeOf(U.cookie)).toBe(U.orgId);
    expect(await db.membership.count({ where: { organizationId: other.orgId } })).toBe(1);
  });

  it("a session whose membership was removed is refused on its next request; the user's other organizations still work", async () => {
    const U = await createOrg();
    const Y = await createOrg();
    const inY = await joinOrg(U, Y.orgId, "member");
    expect((await call(projects.GET, { cookie: inY.cookie })).status).toBe(200);

    const removed = await call(member.DELETE, { method: "DELETE", cookie: Y.cookie, params: { id: String(inY.membershipId) } });
    expect(removed.status).toBe(200);

    const after = await call(projects.GET, { cookie: inY.cookie });
    expect(after.status).toBe(401);
    expect(after.json.error).toBe("unauthorized");
    expect((await call(switchOrg.POST, { method: "POST", cookie: inY.cookie, body: { organizationId: U.orgId } })).status).toBe(401);
    expect((await call(projects.GET, { cookie: U.cookie })).status).toBe(200);
    expect((await call(switchOrg.POST, { method: "POST", cookie: U.cookie, body: { organizationId: Y.orgId } })).status).toBe(404);
  });

  it("an admin renames the organization; a member gets 403 and the name stays", async () => {
    const A = await createOrg();
    const admin = await addMember(A.orgId, "admin");
    const plain = await addMember(A.orgId, "member");
    const renamed = await call(organization.PATCH, { method: "PATCH", cookie: admin.cookie, body: { name: "  Renamed Co  " } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ id: A.orgId, name: "Renamed Co" });
    expect((await listOrgs(plain.cookie)).json.organizations[0].name).toBe("Renamed Co");

    const refused = await call(organization.PATCH, { method: "PATCH", cookie: plain.cookie, body: { name: "Members Rule" } });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: "forbidden", message: "This action needs the admin role" });
    expect((await db.organization.findUniqueOrThrow({ where: { id: A.orgId } })).name).toBe("Renamed Co");
  });

  it("leaving moves the session to another of the user's organizations, and the old session stops working", async () => {
    const U = await createOrg();
    const Y = await createOrg();
    const inY = await joinOrg(U, Y.orgId, "admin");
    const res = await call(leave.POST, { method: "POST", cookie: inY.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ left: Y.orgId, activeId: U.orgId });
    const cookie = sessionFrom(res);
    const list = await listOrgs(cookie);
    expect(list.json.activeId).toBe(U.orgId);
    expect(list.json.organizations.map((o: { id: number }) => o.id)).toEqual([U.orgId]);
    expect((await call(projects.GET, { cookie: inY.cookie })).status).toBe(401);
    expect(await db.membership.count({ where: { organizationId: Y.orgId, userId: U.userId } })).toBe(0);
    // Y itself goes on with its owner.
    expect(await db.membership.findMany({ where: { organizationId: Y.orgId }, select: { userId: true, role: true } })).toEqual([{ userId: Y.userId, role: "owner" }]);
  });

  it("the last owner cannot leave (with or without other members); once another owner exists they can", async () => {
    const O = await createOrg();
    const elsewhere = await createOrg();
    await joinOrg(O, elsewhere.orgId, "member");

    // Alone in the organization: still the last owner.
    const alone = await call(leave.POST, { method: "POST", cookie: O.cookie });
    expect(alone.status).toBe(409);
    expect(alone.json).toEqual({ error: "conflict", message: "An organization needs at least one owner: make someone else an owner first" });

    const M = await addMember(O.orgId, "admin");
    const refused = await call(leave.POST, { method: "POST", cookie: O.cookie });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("conflict");
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect((await db.membership.findUniqueOrThrow({ where: { organizationId_userId: { organizationId: O.orgId, userId: O.userId } } })).role).toBe("owner");
    expect((await call(projects.GET, { cookie: O.cookie })).status).toBe(200);

    expect((await call(member.PATCH, { method: "PATCH", cookie: O.cookie, params: { id: String(M.membershipId) }, body: { role: "owner" } })).status).toBe(200);
    const left = await call(leave.POST, { method: "POST", cookie: O.cookie });
    expect(left.status).toBe(200);
    expect(left.json.activeId).toBe(elsewhere.orgId);
    expect((await call(members.GET, { cookie: M.cookie })).json.members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([[M.username, "owner"]]);
  });

  it("nobody leaves their only organization", async () => {
    const U = await createOrg({ role: "member" });
    await addMember(U.orgId, "owner");
    const res = await call(leave.POST, { method: "POST", cookie: U.cookie });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "conflict", message: "This is your only organization: create or join another before leaving it" });
    expect(await db.membership.count({ where: { organizationId: U.orgId, userId: U.userId } })).toBe(1);
  });
});

/** One row in every table that has an organization_id column, for this organization. */
async function seedEveryTable(org: OrgFixture) {
  const orgId = org.orgId;
  const now = new Date();
  const project = await createProject(orgId);
  const account = await createAccountRow(orgId, project.id);
  const campaign = await createCampaignRow(orgId, project.id);
  await createTemplateRow(orgId, project.id);
  await createBlocklistRow(orgId, project.id);
  await createBlocklistRow(orgId, null);
  const draft = await createDraftRow(orgId, { projectId: project.id, accountId: account.id, campaignId: campaign.id, state: "sent" });
  const approval = await db.draftEvent.create({ data: { organizationId: orgId, draftId: draft.id, event: "approved", actorType: "user" } });
  await db.draftEvent.create({ data: { organizationId: orgId, draftId: draft.id, event: "sent", actorType: "system" } });
  await db.autoPost.create({ data: { organizationId: orgId, draftId: draft.id, approvalEventId: approval.id, idempotencyKey: randomUUID() } });
  await db.accountSend.create({ data: { organizationId: orgId, accountId: account.id, draftId: draft.id, sentAt: now } });
  await db.draftRegenerationHint.create({ data: { organizationId: orgId, draftId: draft.id, hint: "shorter" } });
  await db.contactHistory.create({
    data: { organizationId: orgId, platform: "forum", targetUser: draft.targetUser, accountHandle: "me", projectId: project.id, lastDraftId: draft.id, firstContactedAt: now, lastContactedAt: now },
  });
  const thread = await db.conversationThread.create({
    data: { organizationId: orgId, platform: "forum", accountHandle: "me", targetUser: draft.targetUser, kind: "dm", parentDraftId: draft.id, lastMessageAt: now, messageCount: 1 },
  });
  const message = await db.conversationMessage.create({ data: { organizationId: orgId, threadId: thread.id, direction: "inbound", author: draft.targetUser, body: "Thanks!", externalId: `m_${uid()}`, sentAt: now } });
  await db.replyIntentCorrection.create({ data: { organizationId: orgId, messageId: message.id, toIntent: "interested" } });
  await db.campaignSendAccount.create({ data: { organizationId: orgId, campaignId: campaign.id, accountId: account.id } });
  const suppression = await db.suppression.create({ data: { organizationId: orgId, subjectHash: `hash_${uid()}` } });
  await db.personErasure.create({ data: { organizationId: orgId, suppressionId: suppression.id, counts: { drafts: 1 } } });
  const run = await db.run.create({ data: { organizationId: orgId, campaignId: campaign.id, projectId: project.id, kind: "campaign", runner: "cloud", status: "success" } });
  await db.runEvent.create({ data: { organizationId: orgId, runId: run.id, seq: 1, type: "lifecycle", payload: { phase: "spawned" } } });
  await db.stagingCandidate.create({ data: { organizationId: orgId, runId: run.id, platform: "forum", targetUser: `candidate_${uid()}` } });
  await db.projectInsight.create({ data: { organizationId: orgId, projectId: project.id, summaryMd: "A brief" } });
  await createDevice(orgId);
  await db.pairingCode.create({ data: { organizationId: orgId, codeHash: randomUUID(), expiresAt: new Date(now.getTime() + 600_000) } });
  const { endpoint } = await createEndpoint({ orgId, input: { url: `https://hooks.example/${uid()}` } });
  await db.$transaction((tx) => createNotification(tx, { orgId, kind: "run.success", title: "Run finished", data: { runId: run.id } }));
  const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
  await db.webhookAttempt.create({ data: { organizationId: orgId, deliveryId: delivery.id, attempt: 1, startedAt: now, durationMs: 12, statusCode: 500 } });
  await db.appConfig.upsert({ where: { organizationId: orgId }, create: { organizationId: orgId, dedupPolicy: { window_days: 7, mode: "skip" } }, update: {} });
  await db.playbook.create({ data: { organizationId: orgId, slug: `own-${uid()}`, title: "Own", body: "Steps" } });
  await db.invite.create({ data: { organizationId: orgId, tokenHash: mintInviteToken().hash, role: "member", createdById: org.userId, expiresAt: new Date(now.getTime() + 86_400_000) } });
  await addMember(orgId, "member");
  await db.meteredUsage.create({ data: { organizationId: orgId, sourceKey: `run:${run.id}`, seconds: 90, occurredAt: now } });
  await db.cloudRunnerToken.create({ data: { organizationId: orgId, jti: randomUUID(), name: "Laptop", createdById: org.userId, expiresAt: new Date(now.getTime() + 86_400_000) } });
  await db.stripeEvent.create({ data: { id: `evt_${uid()}${uid()}`, type: "invoice.paid", organizationId: orgId } });
  await db.outcomeDay.create({ data: { organizationId: orgId, day: new Date("2026-11-02T00:00:00Z"), campaignId: campaign.id, drafted: 1, sent: 1 } });
  await db.outcomeRollupState.create({ data: { organizationId: orgId, through: now } });
  await db.outcomeErasedDay.create({ data: { organizationId: orgId, day: new Date("2026-11-02T00:00:00Z"), campaignId: campaign.id, drafted: 1 } });
  await db.outcomeVariantDay.create({ data: { organizationId: orgId, day: new Date("2026-11-02T00:00:00Z"), variantLabel: "A" } });
  await db.outcomeStepDay.create({ data: { organizationId: orgId, day: new Date("2026-11-02T00:00:00Z"), step: 1 } });
  const key = mintApiKey();
  await db.apiKey.create({ data: { organizationId: orgId, name: "Script", role: "member", prefix: key.prefix, tokenHash: key.hash, createdById: org.userId } });
  const sealed = sealCredentials({ secret: "client secret" });
  await db.ssoConnection.create({
    data: {
      organizationId: orgId, issuer: "https://login.example.com", clientId: "dashboard", secretCiphertext: sealed.ciphertext, secretKeyId: sealed.keyId,
      authorizationEndpoint: "https://login.example.com/auth", tokenEndpoint: "https://login.example.com/token", jwksUri: "https://login.example.com/jwks",
    },
  });
}

describe("deleting an organization (cloud edition)", () => {
  useEdition("cloud");

  /** A user who owns `keep` and, through the API, a second organization `doomed`; both full of rows. */
  async function twoFullOrganizations() {
    const keep = await createOrg();
    const name = `Doomed ${uid()}`;
    const created = await call(organizations.POST, { method: "POST", cookie: keep.cookie, body: { name } });
    expect(created.status).toBe(201);
    const doomed: OrgFixture = { ...keep, orgId: created.json.organization.id, cookie: sessionFrom(created) };
    await seedEveryTable(keep);
    await seedEveryTable(doomed);
    return { keep, doomed, name };
  }

  it("refuses a wrong confirmation name with 400 and deletes nothing", async () => {
    const { doomed, name } = await twoFullOrganizations();
    const before = await rowsByTable(doomed.orgId);
    for (const confirmName of [name.toUpperCase(), `${name}!`, "Doomed"]) {
      const res = await call(organization.DELETE, { method: "DELETE", cookie: doomed.cookie, body: { confirmName } });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: "bad_request", message: "Type the organization's name exactly to delete it", field: "confirmName" });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(await db.organization.count({ where: { id: doomed.orgId } })).toBe(1);
    expect(await rowsByTable(doomed.orgId)).toEqual(before);
  });

  it("an admin cannot delete it (403); only an owner", async () => {
    const { doomed, name } = await twoFullOrganizations();
    const admin = await addMember(doomed.orgId, "admin");
    const res = await call(organization.DELETE, { method: "DELETE", cookie: admin.cookie, body: { confirmName: name } });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("forbidden");
    expect(await db.organization.count({ where: { id: doomed.orgId } })).toBe(1);
  });

  it("with the right name removes every row of the organization from every table, and leaves the other organization's rows alone", async () => {
    const { keep, doomed, name } = await twoFullOrganizations();
    const seeded = await rowsByTable(doomed.orgId);
    // Every table that names an organization has rows of it, so the check below covers them all.
    expect(Object.keys(seeded).length).toBeGreaterThan(20);
    expect(Object.entries(seeded).filter(([, n]) => n === 0).map(([t]) => t)).toEqual([]);
    const keptBefore = await rowsByTable(keep.orgId);
    const token = await db.cloudRunnerToken.findFirstOrThrow({ where: { organizationId: doomed.orgId } });
    const event = await db.stripeEvent.findFirstOrThrow({ where: { organizationId: doomed.orgId } });
    const otherMember = await db.membership.findFirstOrThrow({ where: { organizationId: doomed.orgId, role: "member" }, include: { user: true } });

    const res = await call(organization.DELETE, { method: "DELETE", cookie: doomed.cookie, body: { confirmName: `  ${name} ` } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ deleted: doomed.orgId, activeId: keep.orgId });

    expect(await db.organization.count({ where: { id: doomed.orgId } })).toBe(0);
    const after = await rowsByTable(doomed.orgId);
    expect(Object.entries(after).filter(([, n]) => n !== 0)).toEqual([]);
    expect(await rowsByTable(keep.orgId)).toEqual(keptBefore);
    // The cloud runner token stays behind revoked and without its organization, so relays go on refusing it; the
    // Stripe event stays handled.
    const orphan = await db.cloudRunnerToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(orphan.organizationId).toBeNull();
    expect(orphan.revokedAt).not.toBeNull();
    expect(await db.stripeEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({ organizationId: null });
    // Users stay: only their membership went.
    expect(await db.user.count({ where: { id: otherMember.userId } })).toBe(1);

    // The session moved to the remaining organization; the old one is refused.
    const cookie = sessionFrom(res);
    expect((await listOrgs(cookie)).json).toMatchObject({ activeId: keep.orgId, organizations: [{ id: keep.orgId }] });
    expect((await call(projects.GET, { cookie: doomed.cookie })).status).toBe(401);
  });

  it("refuses to delete the user's only organization (409) and keeps it", async () => {
    const only = await createOrg();
    const name = (await db.organization.findUniqueOrThrow({ where: { id: only.orgId } })).name;
    await createProject(only.orgId);
    const before = await rowsByTable(only.orgId);
    const res = await call(organization.DELETE, { method: "DELETE", cookie: only.cookie, body: { confirmName: name } });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "conflict", message: "This is your only organization: create or join another before deleting it" });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await rowsByTable(only.orgId)).toEqual(before);
    expect((await call(projects.GET, { cookie: only.cookie })).status).toBe(200);
  });
});
