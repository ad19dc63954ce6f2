// Opt-outs (docs/sending-limits.md "Opt-outs") through the real routes and tools: a reply synced by the extension that
// asks not to be contacted marks the contact and drafts no continuation (one that only looks like it, "don't stop",
// does neither); drafts_create refuses the person with the reason; a pending draft to them is held at send; a person
// marks and undoes it on the People page's route, and undoing releases the hold.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { listContacts } from "@/lib/conversations/list-contacts";
import { waitForRunEnd } from "./agent-harness";
import * as contactRoute from "@/app/api/contacts/[id]/route";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as retryRoute from "@/app/api/drafts/[id]/reply-drafting/route";
import { call } from "./http";
import { createDevice, createDraftRow, uid } from "./fixtures";
import { pm, sentDraft, sync, syncBody, useExtensionWorld } from "./extension-harness";
import { connectToolClient, type ToolClient } from "./tool-client";

const world = useExtensionWorld();
let token: string;
beforeAll(async () => {
  token = (await createDevice(world.A.orgId)).token;
});

const contactOf = (targetUser: string) => db.contactHistory.findFirstOrThrow({ where: { organizationId: world.A.orgId, targetUser: targetUser.toLowerCase() } });
const send = (id: number) => call(draftRoute.PATCH, { method: "PATCH", cookie: world.A.cookie, params: { id: String(id) }, body: { state: "sent" } });
const setOptOut = (id: number, optedOut: boolean, cookie = world.A.cookie) => call(contactRoute.PATCH, { method: "PATCH", cookie, params: { id: String(id) }, body: { optedOut } });

describe("a reply that asks not to be contacted", () => {
  it("marks the contact opted out with its words, drafts no continuation and says so in the bell", async () => {
    const { draft, account } = await sentDraft(world.A.orgId);
    const runsBefore = await db.run.count({ where: { organizationId: world.A.orgId, kind: "reply_drafting" } });
    const res = await sync(token, syncBody({ items: [pm(draft.targetUser, account.platformId, { body: "Thanks, but please don't message me again." })] }));
    expect(res.status).toBe(200);
    expect(res.json.matched).toHaveLength(1);
    expect(res.json.matched[0]).toMatchObject({ draftId: draft.id, replyDraftId: null, runId: null });

    const contact = await contactOf(draft.targetUser);
    expect(contact).toMatchObject({ optOutSource: "reply", optOutPhrase: "please don't message me", outcome: "replied" });
    expect(contact.optedOutAt).not.toBeNull();
    expect(await db.run.count({ where: { organizationId: world.A.orgId, kind: "reply_drafting" } })).toBe(runsBefore);
    expect(await db.draft.count({ where: { organizationId: world.A.orgId, kind: "reply_dm", targetUser: draft.targetUser } })).toBe(0);
    const note = await db.notification.findFirstOrThrow({ where: { organizationId: world.A.orgId, kind: "reply.received", payload: { path: ["draftId"], equals: draft.id } } });
    expect(note.title).toBe(`${draft.targetUser} asked not to be contacted`);
    // The thread still has their message.
    expect(await db.conversationMessage.count({ where: { organizationId: world.A.orgId, direction: "inbound", body: { contains: "don't message me" } } })).toBe(1);

    // A later friendly message from them does not start drafting either.
    const again = await sync(token, syncBody({ items: [pm(draft.targetUser, account.platformId, { body: "Sorry, what was it about?" })] }));
    expect(again.json.matched[0]).toMatchObject({ replyDraftId: null, runId: null });
  });

  it("in Italian too", async () => {
    const { draft, account } = await sentDraft(world.A.orgId);
    const res = await sync(token, syncBody({ items: [pm(draft.targetUser, account.platformId, { body: "Non mi interessa, grazie. Non contattarmi più." })] }));
    expect(res.json.matched[0]).toMatchObject({ replyDraftId: null });
    expect((await contactOf(draft.targetUser)).optOutPhrase).toBe("Non mi interessa");
  });

  it("\"don't stop\" is not an opt-out: the contact stays and a continuation is drafted", async () => {
    const { draft, account } = await sentDraft(world.A.orgId);
    const res = await sync(token, syncBody({ items: [pm(draft.targetUser, account.platformId, { body: "Don't stop sending these tips, they helped!" })] }));
    const [match] = res.json.matched;
    expect(match.replyDraftId).not.toBeNull();
    await waitForRunEnd(match.runId);
    expect((await contactOf(draft.targetUser)).optedOutAt).toBeNull();
  });
});

describe("an opted-out contact", () => {
  let client: ToolClient;
  let accountId: number;
  let projectId: number;
  let campaignId: number;
  let handle: string;
  let contactId: number;
  beforeAll(async () => {
    const s = await sentDraft(world.A.orgId);
    ({ id: accountId, projectId } = s.account);
    campaignId = s.campaign.id;
    handle = s.draft.targetUser;
    await sync(token, syncBody({ items: [pm(handle, s.account.platformId, { body: "STOP" })] }));
    contactId = (await contactOf(handle)).id;
    const { token: runToken, hash } = mintRunToken();
    const run = await db.run.create({
      data: { organizationId: world.A.orgId, campaignId, projectId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash },
    });
    client = await connectToolClient({ runId: run.id, token: runToken });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("gets no new draft from drafts_create, which says why; others in the same call are made", async () => {
    const fresh = `fresh_${uid()}`;
    const res = await client.callTool("drafts_create", {
      entries: [
        { accountId, kind: "dm", targetUser: `u/${handle.toUpperCase()}`, body: "Hi again!", qualityScore: 80 },
        { accountId, kind: "dm", targetUser: fresh, body: "Hi!", qualityScore: 80 },
      ],
    });
    expect(res.isError, res.text).toBe(false);
    expect(res.json.created.map((c: { targetUser: string }) => c.targetUser)).toEqual([fresh]);
    expect(res.json.skipped).toEqual([
      { index: 0, targetUser: handle.toUpperCase(), reason: "opted_out", message: expect.stringMatching(new RegExp(`^${handle.toLowerCase()} asked not to be contacted in a reply on \\d{4}-\\d\\d-\\d\\d; no draft was made$`)) },
    ]);
  });

  it("has pending drafts held at send with the reason; undoing the opt-out by hand releases them", async () => {
    const pending = await createDraftRow(world.A.orgId, { projectId, accountId, campaignId, state: "approved", targetUser: handle });
    const held = await send(pending.id);
    expect(held.status).toBe(409);
    expect(held.json).toMatchObject({ error: "held", sendAfter: null });
    expect(held.json.reason).toMatch(new RegExp(`^${handle.toLowerCase()} asked not to be contacted in a reply on `));
    expect(await db.draft.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ state: "approved", heldUntil: null, heldReason: held.json.reason });

    const undone = await setOptOut(contactId, false);
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ id: contactId, optedOut: false, optedOutAt: null, optOutSource: null });
    expect((await db.draft.findUniqueOrThrow({ where: { id: pending.id } })).heldReason).toBeNull();
    expect((await send(pending.id)).status).toBe(200);
  });

  it("is marked by hand on the People page's route, listed as opted out, and its reply is not drafted on Retry", async () => {
    const marked = await setOptOut(contactId, true);
    expect(marked.json).toMatchObject({ optedOut: true, optOutSource: "person", optOutPhrase: null });
    const { contacts } = await listContacts({ orgId: world.A.orgId, q: handle });
    expect(contacts.find((c) => c.id === contactId)).toMatchObject({ optOutSource: "person" });
    // Marking again changes nothing.
    const again = await setOptOut(contactId, true);
    expect(again.json.optedOutAt).toBe(marked.json.optedOutAt);

    const placeholder = await db.draft.findFirst({ where: { organizationId: world.A.orgId, targetUser: handle, draftingRunId: { not: null } } });
    const reply = placeholder ?? (await (async () => {
      const run = await db.run.create({ data: { organizationId: world.A.orgId, kind: "reply_drafting", runner: "cloud", status: "failed", projectId } });
      return createDraftRow(world.A.orgId, { projectId, accountId, campaignId, state: "proposed", kind: "reply_dm", targetUser: handle, draftingRunId: run.id });
    })());
    const retry = await call(retryRoute.POST, { method: "POST", cookie: world.A.cookie, params: { id: String(reply.id) }, body: {} });
    expect(retry.status).toBe(409);
    expect(retry.json.message).toMatch(/asked not to be contacted, so no reply is drafted/);
  });
});

describe("run_start tells the agent who opted out", () => {
  it("lists the organization's opted-out handles on the campaign's platform, newest first, at most 200, with the total and why", async () => {
    const s = await sentDraft(world.A.orgId);
    const tag = uid();
    const base = Date.now() + 3_600_000; // after every opt-out the suites above made, so these are the newest
    const row = (orgId: number, platform: string, targetUser: string, minutes: number) => ({
      organizationId: orgId, platform, targetUser, accountHandle: s.account.platformId, firstContactedAt: new Date(), lastContactedAt: new Date(),
      optedOutAt: new Date(base + minutes * 60_000), optOutSource: "person",
    });
    // 201 of A's on the forum, one of A's elsewhere, one of B's newer than all of them, and one of A's never opted out.
    await db.contactHistory.createMany({ data: Array.from({ length: 201 }, (_, i) => row(world.A.orgId, "forum", `quiet${i}_${tag}`, i)) });
    await db.contactHistory.create({ data: row(world.A.orgId, "federated", `elsewhere_${tag}`, 500) });
    await db.contactHistory.create({ data: row(world.B.orgId, "forum", `other_org_${tag}`, 600) });
    await db.contactHistory.create({ data: { ...row(world.A.orgId, "forum", `still_open_${tag}`, 0), optedOutAt: null, optOutSource: null } });
    const total = await db.contactHistory.count({ where: { organizationId: world.A.orgId, platform: "forum", optedOutAt: { not: null } } });
    expect(total).toBeGreaterThan(201);

    const { token: runToken, hash } = mintRunToken();
    const run = await db.run.create({ data: { organizationId: world.A.orgId, campaignId: s.campaign.id, projectId: s.account.projectId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
    const client = await connectToolClient({ runId: run.id, token: runToken });
    try {
      const res = await client.callTool("run_start", {});
      expect(res.isError, res.text).toBe(false);
      const { optedOut } = res.json as { optedOut: { total: number; handles: { platform: string; handle: string; optedOutAt: string }[]; note: string } };
      expect(optedOut.total).toBe(total);
      expect(optedOut.handles).toHaveLength(200);
      // Newest first: the last one made leads, and the oldest of the 201 is past the cap.
      expect(optedOut.handles.slice(0, 2).map((h) => h.handle)).toEqual([`quiet200_${tag}`, `quiet199_${tag}`]);
      expect(optedOut.handles[0]).toEqual({ platform: "forum", handle: `quiet200_${tag}`, optedOutAt: new Date(base + 200 * 60_000).toISOString() });
      const handles = optedOut.handles.map((h) => h.handle);
      expect(handles).not.toContain(`quiet0_${tag}`);
      expect(handles).not.toContain(`still_open_${tag}`);
      expect(handles).not.toContain(`elsewhere_${tag}`);
      expect(optedOut.handles.every((h) => h.platform === "forum")).toBe(true);
      // Another organization's opt-out never reaches this organization's agent.
      expect(res.text).not.toContain(`other_org_${tag}`);
      expect(optedOut.note).toBe(
        `These ${total} people asked not to be contacted: drafts to them are refused at drafts_create, so do not research or draft for them. Only the newest 200 are listed; drafts_create refuses the other ${total - 200} too.`,
      );
    } finally {
      await client.close();
    }
  });
});
