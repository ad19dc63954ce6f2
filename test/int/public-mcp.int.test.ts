// The remote MCP server for API keys (POST /api/mcp/public), driven as an external agent drives it: the MCP SDK's
// own client over real HTTP against the route handler. Covers the tool list and its annotations, the optimistic-lock
// retry an agent must be able to do from the error text alone, the other review writes, read-only keys, tenancy,
// the HTTP-level refusals (401, 429, 405) and the run tools.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { db } from "@/lib/db/client";
import * as publicMcp from "@/app/api/mcp/public/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { INVALID_API_KEY } from "@/lib/api-keys/resolve-api-key-caller";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { editDraftBody } from "@/lib/drafts/edit-draft-body";
import { createCampaignRow, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { seedInboundReply } from "./reply-intent-seed";
import { MISSING_SLUG, registerFakeBackends, runningRun, scriptedCampaign, serveRoute, serveToolServer, waitForRunEnd } from "./agent-harness";

type ToolAnswer = { isError: boolean; text: string; json: any };

let A: OrgFixture;
let B: OrgFixture;
let served: { url: string; close: () => Promise<void> };
let tools: { close: () => Promise<void> };
let keyA: string;
let keyB: string;
let keyAReadOnly: string;
let agentA: Client;
let agentB: Client;
let agentARead: Client;

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "public-mcp-tests", version: "1" });
  const transport = new StreamableHTTPClientTransport(new URL(served.url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  await client.connect(transport);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const res = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text: string }> };
  const text = res.content[0]!.text;
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // An error message, not JSON.
  }
  return { isError: res.isError === true, text, json };
}

async function newKey(org: OrgFixture, role: "read_only" | "member" = "member", extra: { expiresInDays?: number; now?: Date } = {}) {
  return createApiKey({ orgId: org.orgId, userId: org.userId, name: `agent ${uid()}`, role, ...extra });
}

/** A raw JSON-RPC POST, as a client without the SDK would send it. */
function rawPost(headers: Record<string, string>, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }) {
  return fetch(served.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

const draftRow = (id: number) => db.draft.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  await registerFakeBackends();
  tools = await serveToolServer();
  // Each method goes to the handler the route exports for it, as Next would route it (the SDK client tries a GET
  // for a server stream after connecting, and must get the stateless server's 405).
  served = await serveRoute(async (req) => {
    const handler = { POST: publicMcp.POST, GET: publicMcp.GET, DELETE: publicMcp.DELETE }[req.method];
    return handler ? handler(req) : new Response(null, { status: 405 });
  }, "/api/mcp/public");
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  [keyA, keyB, keyAReadOnly] = (await Promise.all([newKey(A), newKey(B), newKey(A, "read_only")])).map((k) => k.key);
  [agentA, agentB, agentARead] = await Promise.all([connect(keyA), connect(keyB), connect(keyAReadOnly)]);
});

afterAll(async () => {
  await Promise.all([agentA, agentB, agentARead].map((c) => c?.close()));
  await served?.close();
  await tools?.close();
});

describe("the server and its tools", () => {
  it("is the public server, not the run agents' one, and lists the reviewer's tools with their annotations", async () => {
    expect(agentA.getServerVersion()?.name).toBe("outreach-public");
    expect(agentA.getInstructions()).toContain("version_conflict");
    const { tools: listed } = await agentA.listTools();
    const byName = new Map(listed.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(
      ["contacts_search", "draft_approve", "draft_edit", "draft_reject", "drafts_bulk_approve", "drafts_get", "drafts_list", "person_export", "reply_intent_set", "run_get", "run_start", "thread_get", "threads_search"].sort(),
    );
    // The run agents' tools stay on their own server.
    expect(byName.has("drafts_create")).toBe(false);
    for (const name of ["drafts_list", "drafts_get", "run_get", "contacts_search", "threads_search", "thread_get", "person_export"]) {
      expect(byName.get(name)!.annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
      expect(byName.get(name)!.annotations!.title, name).toBeTruthy();
    }
    for (const name of ["draft_approve", "draft_reject", "draft_edit", "drafts_bulk_approve", "run_start"]) {
      expect(byName.get(name)!.annotations, name).toMatchObject({ readOnlyHint: false, openWorldHint: false });
    }
    expect(byName.get("draft_reject")!.annotations!.destructiveHint).toBe(true);
    expect(byName.get("draft_approve")!.annotations!.destructiveHint).toBe(false);
    // The schemas reach the agent: approve requires the version.
    expect(byName.get("draft_approve")!.inputSchema.required).toEqual(expect.arrayContaining(["id", "version"]));
    expect(byName.get("drafts_bulk_approve")!.description).toMatch(/500/);
  });
});

describe("reviewing drafts", () => {
  it("the acceptance flow: list, approve with a stale version, read current_version from the error, retry, approved", async () => {
    const project = await createProject(A.orgId);
    const draft = await createDraftRow(A.orgId, { projectId: project.id, body: "Hi, first version of the message." });

    const listed = await callTool(agentA, "drafts_list", { state: ["pending_review"], project: project.id });
    expect(listed.isError).toBe(false);
    const seen = listed.json.drafts.find((d: { id: number }) => d.id === draft.id);
    expect(seen).toMatchObject({ id: draft.id, version: 1, state: "pending_review" });

    // A reviewer at the dashboard edits the draft after the agent read it.
    await editDraftBody({ orgId: A.orgId, id: draft.id, version: 1, body: "Hi, the reviewer's better version.", actor: { type: "user", id: A.userId, label: A.username } });

    const stale = await callTool(agentA, "draft_approve", { id: draft.id, version: seen.version });
    expect(stale.isError).toBe(true);
    expect(stale.text).toMatch(/^version_conflict: /);
    expect(stale.text).toContain('{"error":"version_conflict","current_version":2}');
    expect((await draftRow(draft.id)).state).toBe("pending_review");

    const current = JSON.parse(/\{"error":"version_conflict".*\}/.exec(stale.text)![0]).current_version as number;
    const retried = await callTool(agentA, "draft_approve", { id: draft.id, version: current });
    expect(retried.isError, retried.text).toBe(false);
    expect(retried.json).toMatchObject({ id: draft.id, state: "approved", version: 3, body: "Hi, the reviewer's better version." });

    const row = await draftRow(draft.id);
    expect(row.state).toBe("approved");
    expect(row.version).toBe(3);
    // The key is the actor of record, not a person.
    const event = await db.draftEvent.findFirstOrThrow({ where: { draftId: draft.id, event: "approved" } });
    expect(event.actorType).toBe("system");
    expect(event.actorLabel).toMatch(/^API key oak_[A-Za-z0-9]{8}$/);
  });

  it("drafts_get answers the draft with its version", async () => {
    const draft = await createDraftRow(A.orgId, { body: "Hello from drafts_get" });
    const got = await callTool(agentA, "drafts_get", { id: draft.id });
    expect(got.isError).toBe(false);
    expect(got.json).toMatchObject({ id: draft.id, version: 1, state: "pending_review", body: "Hello from drafts_get" });
  });

  it("drafts_list filters like GET /api/drafts: state, kind, minQuality, sort and cursor paging", async () => {
    const project = await createProject(A.orgId);
    const low = await createDraftRow(A.orgId, { projectId: project.id, qualityScore: 20 });
    const high = await createDraftRow(A.orgId, { projectId: project.id, qualityScore: 90 });
    const post = await createDraftRow(A.orgId, { projectId: project.id, qualityScore: 70, kind: "post" });
    const rejected = await createDraftRow(A.orgId, { projectId: project.id, qualityScore: 95, state: "rejected" });

    const pending = await callTool(agentA, "drafts_list", { project: project.id, state: ["pending_review"], sort: "quality_desc" });
    expect(pending.json.drafts.map((d: { id: number }) => d.id)).toEqual([high.id, post.id, low.id]);

    const dms = await callTool(agentA, "drafts_list", { project: project.id, kind: ["dm"], minQuality: 50 });
    expect(dms.json.drafts.map((d: { id: number }) => d.id)).toEqual([rejected.id, high.id]);

    const page1 = await callTool(agentA, "drafts_list", { project: project.id, sort: "oldest", limit: 3 });
    expect(page1.json.drafts.map((d: { id: number }) => d.id)).toEqual([low.id, high.id, post.id]);
    expect(page1.json.nextCursor).toEqual(expect.any(String));
    const page2 = await callTool(agentA, "drafts_list", { project: project.id, sort: "oldest", limit: 3, cursor: page1.json.nextCursor });
    expect(page2.json.drafts.map((d: { id: number }) => d.id)).toEqual([rejected.id]);
    expect(page2.json.nextCursor).toBeNull();

    const badCursor = await callTool(agentA, "drafts_list", { cursor: "not-a-cursor" });
    expect(badCursor.isError).toBe(true);
    expect(badCursor.text).toMatch(/^bad_request: Invalid cursor/);
  });

  it("draft_edit replaces the body under the lock; draft_reject keeps the reason", async () => {
    const draft = await createDraftRow(A.orgId, { body: "Original body" });
    const edited = await callTool(agentA, "draft_edit", { id: draft.id, version: 1, body: "  Edited by the agent  " });
    expect(edited.isError, edited.text).toBe(false);
    expect(edited.json).toMatchObject({ id: draft.id, version: 2, body: "Edited by the agent", state: "pending_review" });
    const row = await draftRow(draft.id);
    expect(row.body).toBe("Edited by the agent");
    expect(row.bodyEdited).toBe(true);
    expect(row.version).toBe(2);

    // A second edit with the version it already used is stale now.
    const again = await callTool(agentA, "draft_edit", { id: draft.id, version: 1, body: "Overwrite" });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('{"error":"version_conflict","current_version":2}');
    expect((await draftRow(draft.id)).body).toBe("Edited by the agent");

    const empty = await callTool(agentA, "draft_edit", { id: draft.id, version: 2, body: "   " });
    expect(empty.isError).toBe(true);
    expect((await draftRow(draft.id)).version).toBe(2);

    const rejected = await callTool(agentA, "draft_reject", { id: draft.id, version: 2, reason: "Off topic" });
    expect(rejected.isError, rejected.text).toBe(false);
    expect(rejected.json).toMatchObject({ state: "rejected", version: 3 });
    const event = await db.draftEvent.findFirstOrThrow({ where: { draftId: draft.id, event: "rejected" } });
    expect(event.details).toMatchObject({ reason: "Off topic", from: "pending_review", to: "rejected" });

    // The state table still rules: a rejected draft cannot be approved, and the refusal says why.
    const approveRejected = await callTool(agentA, "draft_approve", { id: draft.id, version: 3 });
    expect(approveRejected.isError).toBe(true);
    expect(approveRejected.text).toMatch(/^conflict: /);
    expect(approveRejected.text).toContain('"state":"rejected"');
  });

  it("drafts_bulk_approve answers one result per id like the route", async () => {
    const [one, two] = await Promise.all([createDraftRow(A.orgId), createDraftRow(A.orgId)]);
    const sent = await createDraftRow(A.orgId, { state: "sent" });
    const foreign = await createDraftRow(B.orgId);
    const missing = 2_000_000_000;
    const res = await callTool(agentA, "drafts_bulk_approve", { ids: [one.id, two.id, sent.id, foreign.id, missing] });
    expect(res.isError, res.text).toBe(false);
    expect(res.json.results).toEqual([
      { id: one.id, status: "approved" },
      { id: two.id, status: "approved" },
      { id: sent.id, status: "skipped", reason: expect.any(String) },
      { id: foreign.id, status: "not_found", reason: "Draft not found" },
      { id: missing, status: "not_found", reason: "Draft not found" },
    ]);
    expect((await draftRow(one.id)).state).toBe("approved");
    expect((await draftRow(two.id)).state).toBe("approved");
    expect((await draftRow(sent.id)).state).toBe("sent");
    expect(await draftRow(foreign.id)).toMatchObject({ state: "pending_review", version: 1 });

    const tooMany = await callTool(agentA, "drafts_bulk_approve", { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.isError).toBe(true);
  });
});

describe("a read-only key", () => {
  it("lists the tools and reads, but every write is a forbidden tool error and changes nothing", async () => {
    const draft = await createDraftRow(A.orgId);
    const { tools: listed } = await agentARead.listTools();
    expect(listed.map((t) => t.name)).toContain("draft_approve");

    const got = await callTool(agentARead, "drafts_get", { id: draft.id });
    expect(got.json).toMatchObject({ id: draft.id, version: 1 });
    const list = await callTool(agentARead, "drafts_list", { state: ["pending_review"], limit: 200 });
    expect(list.json.drafts.map((d: { id: number }) => d.id)).toContain(draft.id);

    for (const [name, args] of [
      ["draft_approve", { id: draft.id, version: 1 }],
      ["draft_reject", { id: draft.id, version: 1 }],
      ["draft_edit", { id: draft.id, version: 1, body: "read-only edit" }],
      ["drafts_bulk_approve", { ids: [draft.id] }],
    ] as const) {
      const res = await callTool(agentARead, name, args);
      expect(res.isError, name).toBe(true);
      expect(res.text, name).toBe("forbidden: This API key is read-only");
    }
    const campaign = await createCampaignRow(A.orgId, (await createProject(A.orgId)).id);
    const start = await callTool(agentARead, "run_start", { campaignId: campaign.id });
    expect(start.text).toBe("forbidden: This API key is read-only");
    expect(await db.run.count({ where: { campaignId: campaign.id } })).toBe(0);

    expect(await draftRow(draft.id)).toMatchObject({ state: "pending_review", version: 1, body: draft.body });
    expect(await db.draftEvent.count({ where: { draftId: draft.id } })).toBe(0);
  });
});

describe("tenancy", () => {
  it("another organization's ids answer not_found exactly like missing ones, and change nothing", async () => {
    const project = await createProject(A.orgId);
    const draftA = await createDraftRow(A.orgId, { projectId: project.id, state: "sent" });
    const thread = await db.conversationThread.create({
      data: { organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser: draftA.targetUser, kind: "dm", parentDraftId: draftA.id, lastMessageAt: new Date(), messageCount: 1 },
    });
    const campaign = await createCampaignRow(A.orgId, project.id);
    const { run } = await runningRun(A.orgId, { kind: "campaign", campaignId: campaign.id });
    await db.run.update({ where: { id: run.id }, data: { status: "failed", failureReason: "network", finishedAt: new Date() } });
    const missing = 2_000_000_000;

    const pairs: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ["drafts_get", { id: draftA.id }, { id: missing }],
      ["draft_approve", { id: draftA.id, version: 1 }, { id: missing, version: 1 }],
      ["draft_reject", { id: draftA.id, version: 1 }, { id: missing, version: 1 }],
      ["draft_edit", { id: draftA.id, version: 1, body: "x" }, { id: missing, version: 1, body: "x" }],
      ["run_get", { runId: run.id }, { runId: missing }],
      ["thread_get", { id: thread.id }, { id: missing }],
      ["run_start", { campaignId: campaign.id }, { campaignId: missing }],
    ];
    for (const [name, foreignArgs, missingArgs] of pairs) {
      const foreign = await callTool(agentB, name, foreignArgs);
      const absent = await callTool(agentB, name, missingArgs);
      expect(foreign.isError, name).toBe(true);
      expect(foreign.text, name).toMatch(/^not_found: /);
      expect(foreign.text, name).toBe(absent.text);
    }
    // A's draft, thread and campaign are untouched: still visible to A as they were.
    expect(await draftRow(draftA.id)).toMatchObject({ state: "sent", version: 1 });
    expect(await db.run.count({ where: { campaignId: campaign.id } })).toBe(1);
    const own = await callTool(agentA, "thread_get", { id: thread.id });
    expect(own.json.thread.id).toBe(thread.id);
  });

  it("drafts_list, contacts_search and threads_search of B never include A's rows", async () => {
    const draftA = await createDraftRow(A.orgId, { state: "sent", targetUser: `shared_${uid()}` });
    const draftB = await createDraftRow(B.orgId);
    await db.contactHistory.create({
      data: { organizationId: A.orgId, platform: "forum", targetUser: draftA.targetUser, accountHandle: "me", firstContactedAt: new Date(), lastContactedAt: new Date() },
    });
    await db.conversationThread.create({
      data: { organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser: draftA.targetUser, kind: "dm", parentDraftId: draftA.id, lastMessageAt: new Date() },
    });
    const idsA = new Set((await db.draft.findMany({ where: { organizationId: A.orgId }, select: { id: true } })).map((d) => d.id));

    const listB = await callTool(agentB, "drafts_list", { limit: 200 });
    const seenB: number[] = listB.json.drafts.map((d: { id: number }) => d.id);
    expect(seenB).toContain(draftB.id);
    expect(seenB.filter((id) => idsA.has(id))).toEqual([]);
    // Filtering by A's project or campaign id shows nothing either.
    const byForeignProject = await callTool(agentB, "drafts_list", { project: (await createProject(A.orgId)).id });
    expect(byForeignProject.json.drafts).toEqual([]);

    const contactsB = await callTool(agentB, "contacts_search", { q: draftA.targetUser });
    expect(contactsB.json.contacts).toEqual([]);
    const contactsA = await callTool(agentA, "contacts_search", { q: draftA.targetUser.toUpperCase() });
    expect(contactsA.json.contacts.map((c: { targetUser: string }) => c.targetUser)).toEqual([draftA.targetUser]);

    const threadsB = await callTool(agentB, "threads_search", { limit: 200 });
    expect(threadsB.json.threads.filter((t: { targetUser: string }) => t.targetUser === draftA.targetUser)).toEqual([]);
    const threadsA = await callTool(agentA, "threads_search", { limit: 200 });
    expect(threadsA.json.threads.map((t: { targetUser: string }) => t.targetUser)).toContain(draftA.targetUser);
  });
});

describe("reply intent", () => {
  it("reply_intent_set corrects a reply of the key's organization; threads_search filters and sorts by intent; B and a read-only key change nothing", async () => {
    const { message, thread } = await seedInboundReply(A.orgId);
    const set = await callTool(agentA, "reply_intent_set", { messageId: message.id, intent: "interested" });
    expect(set.isError).toBeFalsy();
    expect(set.json).toMatchObject({ messageId: message.id, threadId: thread.id, intent: "interested", previousIntent: "other", source: "reviewer" });
    const interested = await callTool(agentA, "threads_search", { intent: "interested", limit: 200 });
    expect(interested.json.threads.map((t: { id: number }) => t.id)).toContain(thread.id);
    const sorted = await callTool(agentA, "threads_search", { sort: "intent", limit: 200 });
    expect(sorted.json.threads[0].intent).toBe("interested");

    const other = await seedInboundReply(A.orgId);
    const fromB = await callTool(agentB, "reply_intent_set", { messageId: other.message.id, intent: "opt_out" });
    const missing = await callTool(agentB, "reply_intent_set", { messageId: 2_000_000_000, intent: "opt_out" });
    expect(fromB.isError).toBe(true);
    expect(fromB.text).toBe(missing.text);
    const readOnly = await callTool(agentARead, "reply_intent_set", { messageId: other.message.id, intent: "opt_out" });
    expect(readOnly.text).toBe("forbidden: This API key is read-only");
    expect(await db.conversationMessage.findUniqueOrThrow({ where: { id: other.message.id } })).toMatchObject({ intent: "other", intentSource: "rules" });
    expect(await db.replyIntentCorrection.count({ where: { messageId: other.message.id } })).toBe(0);
  });
});

describe("contacts and threads", () => {
  it("thread_get answers the thread's messages in order; threads_search filters and pages", async () => {
    const parent = await createDraftRow(A.orgId, { state: "replied", targetUser: `talker_${uid()}`, body: "Our opening message" });
    const t0 = new Date(Date.now() + 60_000);
    const thread = await db.conversationThread.create({
      data: { organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser: parent.targetUser, kind: "dm", parentDraftId: parent.id, lastMessageAt: t0, messageCount: 2 },
    });
    await db.conversationMessage.createMany({
      data: [
        { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: parent.targetUser, body: "Second: their answer", sentAt: new Date(t0.getTime() - 1000), externalId: `m-${uid()}` },
        { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: parent.targetUser, body: "First: their question", sentAt: new Date(t0.getTime() - 5000), externalId: `m-${uid()}` },
      ],
    });
    // An older conversation that was answered too, so the replied filter has a second page.
    const olderParent = await createDraftRow(A.orgId, { state: "replied", targetUser: `talker_${uid()}` });
    const older = await db.conversationThread.create({
      data: { organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser: olderParent.targetUser, kind: "dm", parentDraftId: olderParent.id, lastMessageAt: new Date(t0.getTime() - 30_000), messageCount: 1 },
    });
    await db.conversationMessage.create({
      data: { organizationId: A.orgId, threadId: older.id, direction: "inbound", author: olderParent.targetUser, body: "Older answer", sentAt: new Date(t0.getTime() - 30_000), externalId: `m-${uid()}` },
    });

    const got = await callTool(agentA, "thread_get", { id: thread.id });
    expect(got.isError, got.text).toBe(false);
    expect(got.json.thread).toMatchObject({ id: thread.id, targetUser: parent.targetUser, kind: "dm" });
    expect(got.json.parentDraft).toMatchObject({ id: parent.id, body: "Our opening message" });
    expect(got.json.timeline.map((m: { body: string }) => m.body)).toEqual(["First: their question", "Second: their answer"]);

    // The newest thread (t0 is in the future) heads the replied filter; the next page starts after it.
    const replied = await callTool(agentA, "threads_search", { filter: "replied", kind: "dm", limit: 1 });
    expect(replied.json.threads.map((t: { id: number }) => t.id)).toEqual([thread.id]);
    expect(replied.json.threads[0].lastMessage).toMatchObject({ direction: "inbound", body: "Second: their answer" });
    expect(replied.json.nextCursor).toEqual(expect.any(String));
    const next = await callTool(agentA, "threads_search", { filter: "replied", kind: "dm", limit: 1, cursor: replied.json.nextCursor });
    expect(next.json.threads.map((t: { id: number }) => t.id)).toEqual([older.id]);
    const awaiting = await callTool(agentA, "threads_search", { filter: "awaiting", limit: 200 });
    expect(awaiting.json.threads.map((t: { id: number }) => t.id)).not.toContain(thread.id);
    const comments = await callTool(agentA, "threads_search", { kind: "post_comment", limit: 200 });
    expect(comments.json.threads.map((t: { id: number }) => t.id)).not.toContain(thread.id);
    const badCursor = await callTool(agentA, "threads_search", { cursor: "garbage" });
    expect(badCursor.text).toMatch(/^bad_request: Invalid cursor/);
  });
});

describe("people's data requests", () => {
  it("person_export answers what the key's organization holds about a handle in any spelling, and nothing of another organization's", async () => {
    const handle = `asker_${uid()}`;
    const draftA = await createDraftRow(A.orgId, { state: "replied", targetUser: `u/${handle}`, body: "A's opening message to the asker" });
    const thread = await db.conversationThread.create({
      data: { organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser: handle, kind: "dm", parentDraftId: draftA.id, lastMessageAt: new Date(), messageCount: 1 },
    });
    await db.conversationMessage.create({
      data: { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: handle, body: "What do you keep about me?", sentAt: new Date(), externalId: `m-${uid()}` },
    });
    await createDraftRow(B.orgId, { targetUser: handle, body: "B's own message to the asker" });

    const got = await callTool(agentARead, "person_export", { platform: "forum", handle: `@${handle.toUpperCase()}` });
    expect(got.isError, got.text).toBe(false);
    expect(got.json.person).toEqual({ platform: "forum", handle });
    expect(got.json.drafts.map((d: { body: string }) => d.body)).toEqual(["A's opening message to the asker"]);
    expect(got.json.threads[0].messages.map((m: { body: string }) => m.body)).toEqual(["What do you keep about me?"]);

    const fromB = await callTool(agentB, "person_export", { platform: "forum", handle });
    expect(fromB.json.drafts.map((d: { body: string }) => d.body)).toEqual(["B's own message to the asker"]);
    expect(fromB.text).not.toContain("What do you keep about me?");
    const bad = await callTool(agentA, "person_export", { platform: "forum", handle: "@" });
    expect(bad.isError).toBe(true);
  });
});

describe("runs", () => {
  it("run_get answers the run's status, failure and cost with a page of its log", async () => {
    const { run } = await runningRun(A.orgId, { kind: "campaign" });
    await db.run.update({
      where: { id: run.id },
      data: { status: "failed", failureReason: "quota_exhausted", error: "The model's quota is spent", costUsd: 1.25, finishedAt: new Date() },
    });
    await db.runEvent.createMany({
      data: [1, 2, 3].map((seq) => ({ organizationId: A.orgId, runId: run.id, seq, type: "message_chunk", payload: { text: `chunk ${seq}` } })),
    });
    const first = await callTool(agentA, "run_get", { runId: run.id, limit: 2 });
    expect(first.isError, first.text).toBe(false);
    expect(first.json.run).toMatchObject({ id: run.id, status: "failed", failureReason: "quota_exhausted", error: "The model's quota is spent", costUsd: 1.25 });
    expect(first.json.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2]);
    expect(first.json.events[0].payload).toMatchObject({ text: "chunk 1" });
    expect(first.json.hasMore).toBe(true);
    expect(first.json.nextAfterSeq).toBe(2);
    const rest = await callTool(agentA, "run_get", { runId: run.id, afterSeq: first.json.nextAfterSeq });
    expect(rest.json.events.map((e: { seq: number }) => e.seq)).toEqual([3]);
    expect(rest.json.hasMore).toBe(false);
  });

  it("run_start refuses a campaign whose runner is missing, and starts nothing", async () => {
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [] }, MISSING_SLUG);
    const res = await callTool(agentA, "run_start", { campaignId: campaign.id });
    expect(res.isError).toBe(true);
    expect(res.text).toMatch(/^runner_unavailable: /);
    expect(res.text).toContain(`"runner":"${MISSING_SLUG}"`);
    expect(await db.run.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("run_start answers a live run with alreadyRunning instead of starting another", async () => {
    const campaign = await createCampaignRow(A.orgId, (await createProject(A.orgId)).id);
    const { run } = await runningRun(A.orgId, { kind: "campaign", campaignId: campaign.id });
    const res = await callTool(agentA, "run_start", { campaignId: campaign.id });
    expect(res.json).toEqual({ runId: run.id, alreadyRunning: true });
    expect(await db.run.count({ where: { campaignId: campaign.id } })).toBe(1);
  });

  it("run_start starts a campaign run as an integration (trigger api) that runs to the end", async () => {
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [{ tool: "run_start" }, { tool: "run_finish", args: { summary: "started over MCP" } }] });
    const res = await callTool(agentA, "run_start", { campaignId: campaign.id });
    expect(res.isError, res.text).toBe(false);
    expect(res.json).toEqual({ runId: expect.any(Number) });
    const ended = await waitForRunEnd(res.json.runId);
    expect(ended).toMatchObject({ organizationId: A.orgId, campaignId: campaign.id, kind: "campaign", trigger: "api", status: "success" });
    const got = await callTool(agentA, "run_get", { runId: res.json.runId, limit: 1000 });
    expect(got.json.run).toMatchObject({ id: res.json.runId, status: "success", trigger: "api" });
    expect(got.json.events.some((e: { type: string }) => e.type === "lifecycle")).toBe(true);
  });
});

describe("HTTP-level refusals, before any MCP handling", () => {
  it("a missing, malformed, revoked or expired key is 401 in the app's error shape; the SDK client fails to connect", async () => {
    const revoked = await newKey(A);
    await revokeApiKey({ orgId: A.orgId, id: revoked.id });
    const expired = await newKey(A, "member", { now: new Date(Date.now() - 3 * 86_400_000), expiresInDays: 1 });

    // The SDK's transport error carries the HTTP status as its code.
    await expect(connect(revoked.key)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('"error":"unauthorized"') });
    const attempts: Array<Record<string, string>> = [{}, { authorization: "Bearer oak_nope" }, { authorization: `Bearer ${revoked.key}` }, { authorization: `Bearer ${expired.key}` }, { cookie: A.cookie }];
    for (const headers of attempts) {
      const res = await rawPost(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const body = await res.json();
      expect(body).toEqual({ error: "unauthorized", message: expect.any(String) });
    }
    // A key that is wrong says so, whatever its shape; a request with no key is told what to send.
    for (const token of ["oak_nope", revoked.key, expired.key, "not-a-key"]) {
      const res = await rawPost({ authorization: `Bearer ${token}` });
      expect([res.status, await res.json()], token).toEqual([401, { error: "unauthorized", message: INVALID_API_KEY }]);
    }
    expect((await (await rawPost({})).json()).message).toBe("Send an organization API key as Authorization: Bearer oak_…");
  });

  it("a valid key over a raw POST is served, and GET and DELETE are 405", async () => {
    const ok = await rawPost({ authorization: `Bearer ${keyA}` });
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.tools.length).toBe(13);
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(served.url, { method, headers: { authorization: `Bearer ${keyA}` } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect((await res.json()).error.code).toBe(-32000);
    }
    // The route module exports exactly these methods (what Next serves).
    expect(Object.keys(publicMcp).filter((k) => /^[A-Z]+$/.test(k)).sort()).toEqual(["DELETE", "GET", "POST"]);
  });

  it("a key over its rate is 429 with Retry-After", async () => {
    const saved = process.env.OUTREACH_API_RATE_PER_MINUTE;
    process.env.OUTREACH_API_RATE_PER_MINUTE = "3";
    try {
      const limited = await newKey(A);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await rawPost({ authorization: `Bearer ${limited.key}` });
        statuses.push(last.status);
        if (i < 3) await last.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const retryAfter = Number(last!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(20);
      expect(await last!.json()).toEqual({ error: "rate_limited", message: expect.any(String), retry_after: retryAfter });
    } finally {
      if (saved === undefined) delete process.env.OUTREACH_API_RATE_PER_MINUTE;
      else process.env.OUTREACH_API_RATE_PER_MINUTE = saved;
    }
  });
});
