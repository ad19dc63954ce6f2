// People's data requests (docs/privacy.md): the export of everything held about one person, and their erasure. The
// erasure is checked the way a regulator would ask: afterwards a scan of every text and JSON column of every table
// (read from information_schema, so a table added later is scanned too) finds neither the handle nor their words; the
// agent cannot draft to them and a send to them is held; the other organization's data about the same handle is
// untouched; the outcome numbers stay; a replay changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as exportRoute from "@/app/api/people/export/route";
import * as eraseRoute from "@/app/api/people/erase/route";
import { createDrafts } from "@/lib/drafts/create-drafts";
import { sendDraft } from "@/lib/drafts/send-draft";
import { refreshOutcomes } from "@/lib/outcomes/refresh-outcomes";
import { recomputeOutcomeDay } from "@/lib/outcomes/recompute-outcome-day";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { encodeSession, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import * as searchRoute from "@/app/api/search/route";
import * as draftsRoute from "@/app/api/drafts/route";
import { listThreads } from "@/lib/conversations/list-threads";
import { checkContactHistory } from "@/lib/contacts/check-contact-history";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

const tag = uid();
// Written as the platform shows it; stored in several spellings below.
const HANDLE = `Erin_Privacy_${tag}`;
const handle = HANDLE.toLowerCase();
const THEIR_MESSAGE = `My new address is 12 Quiet Lane ${tag}, please do not share it`;
const OUR_MESSAGE = `Hello Erin, we loved your talk on accessible forms ${tag}`;
const EARLIER_BODY = `An earlier version of our message ${tag}`;
const REPLY_BODY = `Thanks for telling us, noted ${tag}`;
const OTHER_BODY = `A message to somebody else entirely ${tag}`;

interface Seeded {
  org: OrgFixture;
  projectId: number;
  accountId: number;
  campaignId: number;
  runId: number;
  sentDraftId: number;
  otherDraftId: number;
}

/** One organization's history with the person: a sent DM, its thread, their reply, a reply draft, traces elsewhere. */
async function seedHistory(org: OrgFixture, opts: { day: Date }): Promise<Seeded> {
  const project = await createProject(org.orgId);
  const account = await createAccountRow(org.orgId, project.id);
  const campaign = await createCampaignRow(org.orgId, project.id);
  const run = await db.run.create({
    data: { organizationId: org.orgId, campaignId: campaign.id, projectId: project.id, kind: "campaign", runner: "cloud", status: "success", createdAt: opts.day, startedAt: opts.day, finishedAt: opts.day },
  });
  const sent = await db.draft.create({
    data: {
      organizationId: org.orgId, projectId: project.id, accountId: account.id, campaignId: campaign.id, runId: run.id, kind: "dm", platform: "forum",
      accountHandle: "me", targetUser: `u/${HANDLE}`, body: OUR_MESSAGE, previousBody: EARLIER_BODY, bodyEdited: true, state: "replied",
      sentAt: opts.day, repliedAt: opts.day, createdAt: opts.day,
    },
  });
  await db.draftEvent.createMany({
    data: [
      { organizationId: org.orgId, draftId: sent.id, event: "body_edited", actorType: "user", actorId: org.userId, actorLabel: org.username, details: { previousBody: EARLIER_BODY }, createdAt: opts.day },
      { organizationId: org.orgId, draftId: sent.id, event: "approved", actorType: "user", actorId: org.userId, actorLabel: org.username, details: {}, createdAt: opts.day },
      { organizationId: org.orgId, draftId: sent.id, event: "sent", actorType: "device", actorId: 1, details: { targetUser: HANDLE }, createdAt: opts.day },
    ],
  });
  const thread = await db.conversationThread.create({
    data: { organizationId: org.orgId, platform: "forum", accountHandle: "me", targetUser: HANDLE, kind: "dm", parentDraftId: sent.id, lastMessageAt: opts.day, messageCount: 2 },
  });
  await db.conversationMessage.create({ data: { organizationId: org.orgId, threadId: thread.id, direction: "outbound", author: "me", body: OUR_MESSAGE, sentAt: opts.day, externalId: `out-${uid()}` } });
  const inbound = await db.conversationMessage.create({
    data: { organizationId: org.orgId, threadId: thread.id, direction: "inbound", author: HANDLE, body: THEIR_MESSAGE, sentAt: opts.day, externalId: `in-${uid()}` },
  });
  await db.draft.create({
    data: {
      organizationId: org.orgId, projectId: project.id, accountId: account.id, kind: "reply_dm", platform: "forum", accountHandle: "me",
      targetUser: HANDLE, body: REPLY_BODY, parentMessageId: inbound.id, state: "proposed", createdAt: opts.day,
    },
  });
  await db.contactHistory.create({
    data: {
      organizationId: org.orgId, platform: "forum", targetUser: handle, accountHandle: "me", projectId: project.id, lastDraftId: sent.id,
      firstContactedAt: opts.day, lastContactedAt: opts.day, outcome: "replied", optedOutAt: opts.day, optOutSource: "reply", optOutPhrase: "please do not share it",
    },
  });
  // Research notes, a blocklist entry, a run log that read the thread, a notification, an insight brief quoting them.
  await db.stagingCandidate.create({ data: { organizationId: org.orgId, runId: run.id, platform: "forum", targetUser: HANDLE, community: "a11y", payload: { why: `${HANDLE} asked about forms` } } });
  await db.blocklistEntry.create({ data: { organizationId: org.orgId, type: "user", value: handle, reason: "asked us to stop" } });
  await db.runEvent.createMany({
    data: [
      { organizationId: org.orgId, runId: run.id, seq: 1, type: "tool_call", payload: { title: "reply_draft_start", output: { thread: [{ author: HANDLE, body: THEIR_MESSAGE }] } } },
      { organizationId: org.orgId, runId: run.id, seq: 2, type: "message_chunk", payload: { text: `Writing to @${HANDLE} now.\nDone.` } },
      { organizationId: org.orgId, runId: run.id, seq: 3, type: "message_chunk", payload: { text: "Nothing about anyone here." } },
    ],
  });
  await db.notification.create({
    data: { organizationId: org.orgId, kind: "reply.received", title: `${HANDLE} replied`, body: THEIR_MESSAGE.slice(0, 40), payload: { author: HANDLE, threadId: thread.id } },
  });
  await db.projectInsight.create({
    data: { organizationId: org.orgId, projectId: project.id, summaryMd: `One person (u/${HANDLE}) wrote: "${THEIR_MESSAGE}". Others were quiet.`, evidence: [{ quote: THEIR_MESSAGE }] },
  });
  // Someone else, whose rows must stay as they are.
  const other = await createDraftRow(org.orgId, { projectId: project.id, accountId: account.id, campaignId: campaign.id, targetUser: `someone_${tag}`, body: OTHER_BODY, state: "sent" });
  return { org, projectId: project.id, accountId: account.id, campaignId: campaign.id, runId: run.id, sentDraftId: sent.id, otherDraftId: other.id };
}

/** Every row of every table (text, JSON and text-array columns) where the needle appears, for one organization. */
async function scanForTraces(orgId: number, needles: string[]): Promise<string[]> {
  const columns = await db.$queryRaw<{ table: string; column: string; scoped: boolean }[]>`
    SELECT c.table_name AS table, c.column_name AS column,
           EXISTS (SELECT 1 FROM information_schema.columns o WHERE o.table_schema = c.table_schema AND o.table_name = c.table_name AND o.column_name = 'organization_id') AS scoped
      FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))`;
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table, column, scoped } of columns) {
    const rows = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE ${scoped ? "organization_id = $2 AND " : "$2::int IS NOT NULL AND "}"${column}"::text ILIKE ANY($1::text[])`,
      needles.map((n) => `%${n}%`),
      orgId,
    );
    if (rows[0]!.n > 0) found.push(`${table}.${column} (${rows[0]!.n})`);
  }
  return found;
}

async function outcomeTotals(orgId: number) {
  const [row] = await db.$queryRaw<{ drafted: number; approved: number; sent: number; replied: number }[]>`
    SELECT coalesce(sum(drafted), 0)::int AS drafted, coalesce(sum(approved), 0)::int AS approved, coalesce(sum(sent), 0)::int AS sent,
           coalesce(sum(replied), 0)::int AS replied
      FROM outcome_days WHERE organization_id = ${orgId}`;
  return row!;
}

const day = new Date(Date.UTC(2026, 10, 20, 15, 0, 0));
let A: Seeded;
let B: Seeded;
let member: OrgFixture;

beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([createOrg(), createOrg()]);
  A = await seedHistory(orgA, { day });
  B = await seedHistory(orgB, { day });
  // A member of A (not an admin).
  const user = await db.user.create({ data: { username: `member-${tag}`, passwordHash: "x" } });
  await db.membership.create({ data: { organizationId: A.org.orgId, userId: user.id, role: "member" } });
  const token = await encodeSession({ userId: user.id, orgId: A.org.orgId, username: user.username });
  member = { orgId: A.org.orgId, userId: user.id, username: user.username, cookie: `${SESSION_COOKIE}=${token}` };
});

describe("export", () => {
  it("answers everything held about the person, in any spelling of the handle, as JSON and as a page", async () => {
    const res = await call(exportRoute.GET, { cookie: A.org.cookie, path: `/api/people/export?platform=forum&handle=${encodeURIComponent(`@${HANDLE.toUpperCase()}`)}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`attachment; filename="forum-${handle}-\\d{4}-\\d{2}-\\d{2}\\.json"`));
    expect(res.headers.get("cache-control")).toBe("no-store");
    const x = res.json;
    expect(x.person).toEqual({ platform: "forum", handle });
    expect(x.suppressed).toBe(false);
    expect(x.optOut).toMatchObject({ optedOut: true, source: "reply", words: "please do not share it" });
    expect(x.contactHistory).toHaveLength(1);
    expect(x.threads).toHaveLength(1);
    expect(x.threads[0].messages.map((m: { body: string }) => m.body)).toEqual([OUR_MESSAGE, THEIR_MESSAGE]);
    expect(x.drafts.map((d: { body: string }) => d.body)).toEqual([OUR_MESSAGE, REPLY_BODY]);
    expect(x.drafts[0].events.map((e: { event: string }) => e.event)).toEqual(["body_edited", "approved", "sent"]);
    expect(x.drafts[0].previousBody).toBe(EARLIER_BODY);
    expect(x.researchCandidates).toHaveLength(1);
    expect(x.blocklist).toEqual([expect.objectContaining({ reason: "asked us to stop" })]);
    // Nobody else's messages.
    expect(JSON.stringify(x)).not.toContain(OTHER_BODY);

    const page = await call(exportRoute.GET, { cookie: member.cookie, path: `/api/people/export?platform=forum&handle=${handle}&format=html` });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.json).toContain(`about ${handle} (forum)`);
    expect(page.json).toContain(THEIR_MESSAGE);
    expect(page.json).toContain("please do not share it");
    expect(page.json).not.toContain("<script");
  });

  it("a member may export; a person about whom nothing is held gets empty lists", async () => {
    const res = await call(exportRoute.GET, { cookie: member.cookie, path: `/api/people/export?platform=forum&handle=nobody_${tag}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ suppressed: false, contactHistory: [], threads: [], drafts: [], otherMessages: [], researchCandidates: [], blocklist: [] });
  });

  it("an API key of the organization may export; a read-only one too", async () => {
    const { key } = await createApiKey({ orgId: A.org.orgId, userId: A.org.userId, name: "dpo", role: "read_only" });
    const res = await call(exportRoute.GET, { cookie: `apikey:${key}`, path: `/api/people/export?platform=forum&handle=${handle}` });
    expect(res.status).toBe(200);
    expect(res.json.drafts).toHaveLength(2);
  });
});

describe("erase", () => {
  it("is for admins: a member and an API key are refused and nothing changes", async () => {
    const body = { platform: "forum", handle: HANDLE, confirm: HANDLE };
    const asMember = await call(eraseRoute.POST, { method: "POST", cookie: member.cookie, body, headers: { origin: "http://localhost" } });
    expect(asMember.status).toBe(403);
    const { key } = await createApiKey({ orgId: A.org.orgId, userId: A.org.userId, name: "integration", role: "member" });
    const asKey = await call(eraseRoute.POST, { method: "POST", cookie: `apikey:${key}`, body });
    expect(asKey.status).toBe(403);
    expect(await db.draft.count({ where: { organizationId: A.org.orgId, targetUser: { contains: HANDLE } } })).toBe(2);
    expect(await db.suppression.count({ where: { organizationId: A.org.orgId } })).toBe(0);
  });

  it("erases the person across the organization, leaving no trace in any table, and keeps the outcome numbers", async () => {
    await refreshOutcomes({ orgId: A.org.orgId });
    const before = await outcomeTotals(A.org.orgId);
    expect(before.drafted).toBe(3);
    const endpoint = await createEndpoint({ orgId: A.org.orgId, input: { url: `https://hooks.example/${tag}`, eventTypes: ["contact.erased"] } });
    const otherBefore = await db.draft.findUniqueOrThrow({ where: { id: A.otherDraftId } });
    expect(await scanForTraces(A.org.orgId, [handle, THEIR_MESSAGE])).not.toEqual([]);

    const res = await call(eraseRoute.POST, { method: "POST", cookie: A.org.cookie, body: { platform: "forum", handle: `u/${HANDLE}`, confirm: ` ${HANDLE.toLowerCase()} ` }, headers: { origin: "http://localhost" } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      replayed: false,
      counts: { drafts: 2, draftEvents: 3, threads: 1, messages: 2, contacts: 1, researchCandidates: 1, blocklistEntries: 1, notifications: 1 },
    });
    // Two run events and the brief stayed, with the person taken out of them (the notification about them went).
    expect(res.json.counts.otherRowsScrubbed).toBe(3);

    expect(await scanForTraces(A.org.orgId, [handle, THEIR_MESSAGE, OUR_MESSAGE, EARLIER_BODY, REPLY_BODY])).toEqual([]);
    expect(await db.runEvent.count({ where: { runId: A.runId } })).toBe(3);
    const chunk = await db.runEvent.findFirstOrThrow({ where: { runId: A.runId, seq: 2 } });
    expect(chunk.payload).toEqual({ text: "Writing to [erased] now.\nDone." });
    const insight = await db.projectInsight.findFirstOrThrow({ where: { organizationId: A.org.orgId } });
    expect(insight.summaryMd).toBe('One person ([erased]) wrote: "[erased]". Others were quiet.');

    // Someone else's draft is as it was.
    expect(await db.draft.findUniqueOrThrow({ where: { id: A.otherDraftId } })).toEqual(otherBefore);

    // What stays: a suppression without the handle, an audit entry with counts, a webhook without the person.
    const suppressions = await db.suppression.findMany({ where: { organizationId: A.org.orgId } });
    expect(suppressions).toHaveLength(1);
    expect(suppressions[0]!.subjectHash).toMatch(/^[0-9a-f]{64}$/);
    const audit = await db.personErasure.findMany({ where: { organizationId: A.org.orgId } });
    expect(audit).toEqual([expect.objectContaining({ id: res.json.erasureId, actorId: A.org.userId, actorLabel: A.org.username, counts: res.json.counts })]);
    const deliveries = await db.webhookDelivery.findMany({ where: { organizationId: A.org.orgId, endpointId: endpoint.endpoint.id } });
    expect(deliveries.map((d) => d.eventType)).toEqual(["contact.erased"]);
    expect(deliveries[0]!.payload).toMatchObject({ type: "contact.erased", data: { erasureId: res.json.erasureId, platform: "forum", erased: { drafts: 2 } } });

    // The numbers of the day are the same, after a refresh and after a full recompute of that day.
    await refreshOutcomes({ orgId: A.org.orgId });
    expect(await outcomeTotals(A.org.orgId)).toEqual(before);
    await db.$transaction((tx) => recomputeOutcomeDay(tx, { orgId: A.org.orgId, day: "2026-11-20" }));
    expect(await outcomeTotals(A.org.orgId)).toEqual(before);

    // Search, the inbox's full-text search and the People search find nothing of them in A, and still find them in B.
    const words = `quiet lane ${tag}`;
    for (const [org, expected] of [[A.org, 0], [B.org, 1]] as const) {
      const found = await call(searchRoute.GET, { cookie: org.cookie, path: `/api/search?q=${handle}` });
      expect(found.json.results.filter((r: { type: string }) => r.type === "draft").length > 0).toBe(expected > 0);
      const inbox = await call(draftsRoute.GET, { cookie: org.cookie, path: `/api/drafts?state=replied,proposed,sent&q=${encodeURIComponent(HANDLE)}` });
      expect(inbox.json.drafts.length > 0).toBe(expected > 0);
      const threads = await listThreads({ orgId: org.orgId, q: words });
      expect(threads.threads.length).toBe(expected);
    }

    // The export now says only that the person was erased.
    const after = await call(exportRoute.GET, { cookie: A.org.cookie, path: `/api/people/export?platform=forum&handle=${handle}` });
    expect(after.json).toMatchObject({ suppressed: true, optOut: { optedOut: false }, contactHistory: [], threads: [], drafts: [], researchCandidates: [], blocklist: [] });
  });

  it("leaves the other organization's data about the same handle untouched", async () => {
    expect(await db.draft.count({ where: { organizationId: B.org.orgId } })).toBe(3);
    expect(await db.conversationMessage.count({ where: { organizationId: B.org.orgId, body: THEIR_MESSAGE } })).toBe(1);
    expect(await db.contactHistory.count({ where: { organizationId: B.org.orgId, targetUser: handle } })).toBe(1);
    expect(await db.suppression.count({ where: { organizationId: B.org.orgId } })).toBe(0);
    expect((await scanForTraces(B.org.orgId, [handle, THEIR_MESSAGE])).length).toBeGreaterThan(5);
    const exportB = await call(exportRoute.GET, { cookie: B.org.cookie, path: `/api/people/export?platform=forum&handle=${handle}` });
    expect(exportB.json.drafts).toHaveLength(2);
  });

  it("refuses a new draft to the person as suppressed, in any spelling, and holds a send to them", async () => {
    const entry = (targetUser: string) => ({ accountId: A.accountId, kind: "dm" as const, targetUser, body: "One more try", qualityScore: 70 });
    const made = await createDrafts({
      orgId: A.org.orgId, campaignId: A.campaignId, actor: { type: "system", label: "test" },
      entries: [entry(`@${HANDLE}`), entry(HANDLE.toUpperCase()), entry(`fresh_${tag}`)],
    });
    expect(made.skipped.map((s) => [s.targetUser.toLowerCase(), s.reason])).toEqual([[handle, "suppressed"], [handle, "suppressed"]]);
    expect(made.skipped[0]!.message).toMatch(/asked for their data to be erased/);
    expect(made.created).toHaveLength(1);

    // The agent's contact_history_check says so before it writes.
    const checked = await checkContactHistory({ orgId: A.org.orgId, platform: "forum", handles: [`u/${HANDLE}`, `fresh_${tag}`] });
    expect(checked.results.map((r) => "suppressed" in r && r.suppressed === true)).toEqual([true, false]);

    // The suppression is A's alone: B refuses them only for its own reason (B blocklisted them), and an organization
    // that never held anything about them may write to them.
    const inB = await createDrafts({ orgId: B.org.orgId, campaignId: B.campaignId, actor: { type: "system", label: "test" }, entries: [{ ...entry(HANDLE), accountId: B.accountId }] });
    expect(inB.skipped.map((s) => s.reason)).toEqual(["blocklisted"]);
    const C = await createOrg();
    const projectC = await createProject(C.orgId);
    const [accountC, campaignC] = await Promise.all([createAccountRow(C.orgId, projectC.id), createCampaignRow(C.orgId, projectC.id)]);
    const inC = await createDrafts({ orgId: C.orgId, campaignId: campaignC.id, actor: { type: "system", label: "test" }, entries: [{ ...entry(HANDLE), accountId: accountC.id }] });
    expect(inC.created).toHaveLength(1);

    // A draft that reached the person by another way (written straight into the table) is held at send.
    const stray = await createDraftRow(A.org.orgId, { projectId: A.projectId, accountId: A.accountId, targetUser: HANDLE, state: "approved" });
    await expect(sendDraft({ orgId: A.org.orgId, id: stray.id, actor: { type: "system", label: "test" } })).rejects.toMatchObject({ code: "held" });
    const held = await db.draft.findUniqueOrThrow({ where: { id: stray.id } });
    expect(held.state).toBe("approved");
    expect(held.heldReason).toMatch(/asked for their data to be erased/);
    await db.draft.delete({ where: { id: stray.id } });
  });

  it("a replay of the same erasure is a no-op that answers the first one", async () => {
    const audit = await db.personErasure.findFirstOrThrow({ where: { organizationId: A.org.orgId } });
    const [notifications, deliveries] = await Promise.all([
      db.notification.count({ where: { organizationId: A.org.orgId } }),
      db.webhookDelivery.count({ where: { organizationId: A.org.orgId } }),
    ]);
    const res = await call(eraseRoute.POST, { method: "POST", cookie: A.org.cookie, body: { platform: "forum", handle, confirm: handle }, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ erasureId: audit.id, replayed: true, erasedAt: audit.createdAt.toISOString(), counts: { drafts: 0, messages: 0 } });
    expect(await db.personErasure.count({ where: { organizationId: A.org.orgId } })).toBe(1);
    expect(await db.suppression.count({ where: { organizationId: A.org.orgId } })).toBe(1);
    expect(await db.notification.count({ where: { organizationId: A.org.orgId } })).toBe(notifications);
    expect(await db.webhookDelivery.count({ where: { organizationId: A.org.orgId } })).toBe(deliveries);
  });

  it("a confirmation that is not the handle is refused and erases nothing", async () => {
    const res = await call(eraseRoute.POST, { method: "POST", cookie: B.org.cookie, body: { platform: "forum", handle, confirm: `${handle}x` }, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "bad_request", field: "confirm" });
    expect(await db.draft.count({ where: { organizationId: B.org.orgId } })).toBe(3);
  });
});
