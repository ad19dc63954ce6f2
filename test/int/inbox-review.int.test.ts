// The review day through the real routes: bulk reject with a reason, "Select all matching" (the bulk routes'
// filter form and its cap), the inbox's tab counts, full-text search of drafts and of People's threads, and the
// open reply each thread carries for the Threads tab's inline actions.
import { beforeAll, describe, expect, it } from "vitest";
import { db, getPool } from "@/lib/db/client";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import * as draftsRoute from "@/app/api/drafts/route";
import * as bulkApprove from "@/app/api/drafts/bulk-approve/route";
import * as bulkReject from "@/app/api/drafts/bulk-reject/route";
import * as bulkReschedule from "@/app/api/drafts/bulk-reschedule/route";
import * as countsRoute from "@/app/api/drafts/counts/route";
import { resolveBulkTarget } from "@/lib/drafts/resolve-bulk-target";
import { BULK_FILTER_LIMIT } from "@/lib/drafts/bulk-limits";
import { listThreads } from "@/lib/conversations/list-threads";
import { SEARCH_WINDOW } from "@/lib/drafts/list-drafts";
import { SEARCH_COUNT_BOUND, SEARCH_COUNT_PROBE, SEARCH_COUNT_SAMPLE, SEARCH_COUNT_WINDOW } from "@/lib/drafts/count-drafts";

let A: OrgFixture;

/** A fresh project, account and campaign of A: each test filters on its own campaign, so tests never share rows. */
async function freshCampaign() {
  const p = await createProject(A.orgId);
  const [acc, camp] = await Promise.all([createAccountRow(A.orgId, p.id), createCampaignRow(A.orgId, p.id)]);
  const make = (opts: Parameters<typeof createDraftRow>[1] = {}) =>
    createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id, campaignId: camp.id, ...opts });
  return { projectId: p.id, campaignId: camp.id, make };
}

const post = (handler: Parameters<typeof call>[0], body: unknown) => call(handler, { method: "POST", cookie: A.cookie, body });
const states = async (ids: number[]) =>
  Object.fromEntries((await db.draft.findMany({ where: { id: { in: ids } }, select: { id: true, state: true } })).map((d) => [d.id, d.state]));

beforeAll(async () => {
  A = await createOrg();
});

describe("bulk reject", () => {
  it("rejects each draft with the reason on its event; sent drafts are skipped, unknown ids not found", async () => {
    const c = await freshCampaign();
    const [p1, approved, sent] = await Promise.all([c.make(), c.make({ state: "approved" }), c.make({ state: "sent" })]);
    const res = await post(bulkReject.POST, { ids: [p1.id, approved.id, sent.id, 2_000_000_000], reason: "Off-topic for this campaign" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      results: [
        { id: p1.id, status: "rejected" },
        { id: approved.id, status: "rejected" },
        { id: sent.id, status: "skipped", reason: "A draft in state sent cannot be rejected" },
        { id: 2_000_000_000, status: "not_found", reason: "Draft not found" },
      ],
    });
    expect(await states([p1.id, approved.id, sent.id])).toEqual({ [p1.id]: "rejected", [approved.id]: "rejected", [sent.id]: "sent" });
    const events = await db.draftEvent.findMany({ where: { draftId: { in: [p1.id, approved.id] } } });
    expect(events.map((e) => [e.event, (e.details as { reason?: string }).reason])).toEqual([
      ["rejected", "Off-topic for this campaign"],
      ["rejected", "Off-topic for this campaign"],
    ]);
    expect(await db.draftEvent.count({ where: { draftId: sent.id } })).toBe(0);
  });
});

describe("select all matching the filter", () => {
  it("approve, reject and reschedule act on every matching draft (beyond any loaded page) and nothing else", async () => {
    const c = await freshCampaign();
    const pending = [];
    for (let i = 0; i < 7; i++) pending.push(await c.make({ body: `Pending draft about ${i === 1 ? "zebra crossings" : "flaky builds"}` }));
    const sent = await c.make({ state: "sent", body: "Sent already, about flaky builds" });
    const otherCampaign = await (await freshCampaign()).make({ body: "Another campaign about flaky builds" });
    const filter = { campaign: String(c.campaignId), state: "pending_review,proposed" };

    // Reschedule every pending draft of the campaign.
    const when = "2031-02-03T04:05:00.000Z";
    const resched = await post(bulkReschedule.POST, { filter, send_after: when });
    expect(resched.status).toBe(200);
    expect(resched.json.truncated).toBe(false);
    expect(resched.json.results.map((r: { id: number }) => r.id)).toEqual(pending.map((d) => d.id).sort((x, y) => y - x));
    expect(resched.json.results.every((r: { status: string }) => r.status === "rescheduled")).toBe(true);

    // Reject the one the search finds, approve the rest.
    const rejected = await post(bulkReject.POST, { filter: { ...filter, q: "zebra" }, reason: "Duplicate" });
    expect(rejected.json.results).toEqual([{ id: pending[1]!.id, status: "rejected" }]);
    const approved = await post(bulkApprove.POST, { filter });
    expect(approved.json.results.map((r: { id: number }) => r.id).sort()).toEqual(pending.filter((_, i) => i !== 1).map((d) => d.id).sort());
    expect(approved.json.results.every((r: { status: string }) => r.status === "approved")).toBe(true);

    const after = await states([...pending.map((d) => d.id), sent.id, otherCampaign.id]);
    expect(after[pending[1]!.id]).toBe("rejected");
    expect(after[sent.id]).toBe("sent");
    expect(after[otherCampaign.id]).toBe("pending_review");
    expect(pending.filter((_, i) => i !== 1).every((d) => after[d.id] === "approved")).toBe(true);
    // Nothing matches any more: the filter form answers an empty list, not an error.
    expect((await post(bulkApprove.POST, { filter })).json).toEqual({ results: [], truncated: false });
  });

  it(`takes at most ${BULK_FILTER_LIMIT.toLocaleString("en")} drafts per call, the newest first, and says more matched`, async () => {
    const c = await freshCampaign();
    await getPool().query(
      `INSERT INTO drafts (organization_id, version, state, kind, platform, campaign_id, account_handle, target_user, body, updated_at)
       SELECT $1, 1, 'pending_review', 'dm', 'forum', $2, 'me', 'bulk_' || g, 'Bulk body ' || g, now() FROM generate_series(1, $3::int) g`,
      [A.orgId, c.campaignId, BULK_FILTER_LIMIT + 3],
    );
    const all = (await db.draft.findMany({ where: { campaignId: c.campaignId }, select: { id: true }, orderBy: { id: "desc" } })).map((d) => d.id);
    const target = await resolveBulkTarget({ orgId: A.orgId, target: { filter: { campaign: c.campaignId } } });
    expect(target.truncated).toBe(true);
    expect(target.ids).toEqual(all.slice(0, BULK_FILTER_LIMIT));
    const one = await db.draft.findFirstOrThrow({ where: { campaignId: c.campaignId, targetUser: "bulk_4321" } });
    const exact = await resolveBulkTarget({ orgId: A.orgId, target: { filter: { campaign: c.campaignId, q: "bulk_4321 body" } } });
    expect(exact).toEqual({ ids: [one.id], truncated: false });
  });
});

describe("counts", () => {
  it("counts every tab in one answer, under the same filters as the list", async () => {
    const c = await freshCampaign();
    await Promise.all([
      c.make(), c.make(), c.make({ state: "proposed" }), c.make({ state: "approved" }), c.make({ state: "armed" }),
      c.make({ state: "sent" }), c.make({ state: "replied" }), c.make({ state: "rejected", body: "A rejected pitch about pricing" }),
      c.make({ qualityScore: 90, body: "A strong pitch about pricing" }),
    ]);
    const get = (q: string) => call(countsRoute.GET, { cookie: A.cookie, path: `/api/drafts/counts?campaign=${c.campaignId}${q}` });
    const res = await get("");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ review: 4, approved: 2, sent: 1, replied: 1, rejected: 1, all: 9, atLeast: [] });
    // The state tab in the URL does not change the counts: each tab has its own.
    expect((await get("&state=sent")).json).toEqual(res.json);
    expect((await get("&minQuality=80")).json).toEqual({ review: 1, approved: 0, sent: 0, replied: 0, rejected: 0, all: 1, atLeast: [] });
    expect((await get("&q=pricing")).json).toEqual({ review: 1, approved: 0, sent: 0, replied: 0, rejected: 1, all: 2, atLeast: [] });
    // The list agrees with its tab's count.
    const list = await call(draftsRoute.GET, { cookie: A.cookie, path: `/api/drafts?campaign=${c.campaignId}&state=approved,armed` });
    expect(list.json.drafts).toHaveLength(2);
  });

  it("with a search, counts exactly up to the bound and says '1,000+' past it, however common or rare the word", async () => {
    const c = await freshCampaign();
    const u = uid();
    // More drafts waiting than the window, all with a common word and every seventh with a rarer one; a few approved.
    await getPool().query(
      `INSERT INTO drafts (organization_id, version, state, kind, platform, project_id, campaign_id, account_handle, target_user, body, created_at, updated_at)
       SELECT $1, 1, (CASE WHEN g <= 10 THEN 'approved' ELSE 'pending_review' END)::"DraftState", 'dm', 'forum', $2, $3, 'me', 'bound_' || g,
              'common_${u} ' || (CASE WHEN g % 7 = 0 THEN 'sparse_${u}' ELSE 'filler' END), now(), now()
       FROM generate_series(1, $4::int) g`,
      [A.orgId, c.projectId, c.campaignId, SEARCH_COUNT_WINDOW + 1010],
    );
    const counts = async (q: string) => (await call(countsRoute.GET, { cookie: A.cookie, path: `/api/drafts/counts?campaign=${c.campaignId}&q=${q}` })).json;
    expect(await counts(`common_${u}`)).toEqual({ review: SEARCH_COUNT_BOUND, approved: 10, sent: 0, replied: 0, rejected: 0, all: SEARCH_COUNT_BOUND + 10, atLeast: ["review", "all"] });
    // The rarer word has fewer matches than the sample: counted exactly from the index, past the window.
    const sparse = Math.floor((SEARCH_COUNT_WINDOW + 1010) / 7) - 1; // g = 7 is approved
    expect(await counts(`sparse_${u}`)).toEqual({ review: sparse, approved: 1, sent: 0, replied: 0, rejected: 0, all: sparse + 1, atLeast: [] });
    expect(sparse).toBeLessThan(SEARCH_COUNT_BOUND);
  });

  it("a word common in one state and rarer in another, absent from the newest drafts, is counted exactly where it is rarer", async () => {
    const c = await freshCampaign();
    const u = uid();
    // Oldest first: approved drafts, more than the window, the word in one of every ten; then waiting drafts with the
    // word in each, enough to fill the sample; then the newest, rejected, without it (so the word does not look common).
    const approved = SEARCH_COUNT_WINDOW + 2000;
    const waiting = SEARCH_COUNT_SAMPLE;
    const rejected = SEARCH_COUNT_PROBE;
    await getPool().query(
      `INSERT INTO drafts (organization_id, version, state, kind, platform, project_id, campaign_id, account_handle, target_user, body, created_at, updated_at)
       SELECT $1, 1, (CASE WHEN g <= $4::int THEN 'approved' WHEN g <= $4::int + $5::int THEN 'pending_review' ELSE 'rejected' END)::"DraftState",
              'dm', 'forum', $2, $3, 'me', 'mixed_' || g,
              (CASE WHEN (g <= $4::int AND g % 10 = 0) OR (g > $4::int AND g <= $4::int + $5::int) THEN 'mixed_${u}' ELSE 'filler' END), now(), now()
       FROM generate_series(1, $4::int + $5::int + $6::int) g ORDER BY g`,
      [A.orgId, c.projectId, c.campaignId, approved, waiting, rejected],
    );
    const res = await call(countsRoute.GET, { cookie: A.cookie, path: `/api/drafts/counts?campaign=${c.campaignId}&q=mixed_${u}` });
    expect(res.json).toEqual({ review: SEARCH_COUNT_BOUND, approved: approved / 10, sent: 0, replied: 0, rejected: 0, all: SEARCH_COUNT_BOUND + approved / 10, atLeast: ["review", "all"] });
    expect(approved / 10).toBeLessThan(SEARCH_COUNT_BOUND);
  });
});

describe("search", () => {
  it("finds drafts by words of the body, the beginning of a handle, or both; every word must match", async () => {
    const c = await freshCampaign();
    const u = uid();
    const jane = await c.make({ targetUser: `jane_doe_${u}`, body: "Your write-up on flaky CI matched what we saw." });
    const omar = await c.make({ targetUser: `omar_${u}`, body: "Loved the post about Kubernetes upgrades." });
    const other = await c.make({ targetUser: `lee_${u}`, body: "Thanks for the talk on flaky tests." });
    const find = async (q: string, extra = "") => {
      const res = await call(draftsRoute.GET, { cookie: A.cookie, path: `/api/drafts?campaign=${c.campaignId}&q=${encodeURIComponent(q)}${extra}` });
      expect(res.status).toBe(200);
      return res.json.drafts.map((d: { id: number }) => d.id);
    };
    expect(await find("flaky")).toEqual([other.id, jane.id]);
    expect(await find("FLAKY ci")).toEqual([jane.id]);
    expect(await find("kuber")).toEqual([omar.id]);
    expect(await find(`jane_doe_${u}`)).toEqual([jane.id]);
    expect(await find("jane flaky")).toEqual([jane.id]);
    expect(await find("jane kubernetes")).toEqual([]);
    // A handle typed in part: the parts before the last are whole words ("jane_doe_" is not "jane_doeville"), the
    // last is still being typed; a hyphenated word matches while it is typed.
    expect(await find(`jane_doe_${u.slice(0, 3)}`)).toEqual([jane.id]);
    expect(await find("jane_do")).toEqual([jane.id]);
    expect(await find("jan_doe")).toEqual([]);
    expect(await find("flaky", "&state=rejected")).toEqual([]);
    // Pages: the newest matches first, then the next page from the cursor.
    const first = await call(draftsRoute.GET, { cookie: A.cookie, path: `/api/drafts?campaign=${c.campaignId}&q=flaky&limit=1` });
    expect(first.json.drafts.map((d: { id: number }) => d.id)).toEqual([other.id]);
    const second = await call(draftsRoute.GET, { cookie: A.cookie, path: `/api/drafts?campaign=${c.campaignId}&q=flaky&limit=1&cursor=${first.json.nextCursor}` });
    expect(second.json.drafts.map((d: { id: number }) => d.id)).toEqual([jane.id]);
    expect(second.json.nextCursor).toBeNull();
    expect(await find("flaky", "&sort=oldest&limit=1")).toEqual([jane.id]);
    expect(await find("flaky", "&sort=quality_asc")).toHaveLength(2);
    // Operator characters are words to the user, never syntax errors.
    expect(await find("flaky & (ci):* |")).toEqual([jane.id]);
    expect(await find("  &|!  ")).toEqual([other.id, omar.id, jane.id]);
    const hyphen = await c.make({ targetUser: `kim_${u}`, body: "Our follow-up on the write-up you shared." });
    expect(await find("write-u")).toEqual([hyphen.id, jane.id]);
  });

  it("pages through a common word from the newest drafts and still finds a word older than the newest window", async () => {
    const c = await freshCampaign();
    const u = uid();
    const old = await c.make({ body: `An early note on rarely_${u} tooling.` });
    // More drafts than the search window after it, each with a common word: the window alone cannot reach `old`.
    await getPool().query(
      `INSERT INTO drafts (organization_id, version, state, kind, platform, project_id, campaign_id, account_handle, target_user, body, created_at, updated_at)
       SELECT $1, 1, (CASE WHEN g % 2 = 0 THEN 'pending_review' ELSE 'approved' END)::"DraftState", 'dm', 'forum', $2, $3, 'me', 'window_' || g, 'common_${u} filler ' || g, now(), now()
       FROM generate_series(1, $4::int) g`,
      [A.orgId, c.projectId, c.campaignId, SEARCH_WINDOW + 10],
    );
    const page = async (q: string, extra = "") => (await call(draftsRoute.GET, { cookie: A.cookie, path: `/api/drafts?campaign=${c.campaignId}&q=${q}${extra}` })).json;
    expect((await page(`rarely_${u}`)).drafts.map((d: { id: number }) => d.id)).toEqual([old.id]);
    // Three pages of the common word, newest first, each continuing where the last ended, in one state.
    const seen: number[] = [];
    let cursor = "";
    for (let i = 0; i < 3; i++) {
      const p = await page(`common_${u}`, `&state=approved&limit=40${cursor ? `&cursor=${cursor}` : ""}`);
      expect(p.drafts).toHaveLength(40);
      expect(p.drafts.every((d: { state: string }) => d.state === "approved")).toBe(true);
      seen.push(...p.drafts.map((d: { id: number }) => d.id));
      cursor = p.nextCursor;
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(120);
  });

  it("finds People's threads by the person's handle or by words of any message", async () => {
    const u = uid();
    const c = await freshCampaign();
    const thread = async (targetUser: string, messages: string[]) =>
      db.conversationThread.create({
        data: {
          organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser, kind: "dm", lastMessageAt: new Date(), messageCount: messages.length,
          parentDraftId: (await c.make({ state: "replied", targetUser })).id,
          messages: { create: messages.map((body, i) => ({ organizationId: A.orgId, direction: i % 2 ? "outbound" : "inbound", author: i % 2 ? "me" : targetUser, body, sentAt: new Date(Date.now() - 1000 * (messages.length - i)) })) },
        },
      });
    const t1 = await thread(`priya_${u}`, [`We moved to monorepo${u} last spring`, "How did the build times change?"]);
    const t2 = await thread(`marco_${u}`, ["Any tips on reviewing pull requests?"]);
    const ids = async (q: string) => (await listThreads({ orgId: A.orgId, q })).threads.map((t) => t.id);
    expect(await ids(`monorepo${u}`)).toEqual([t1.id]);
    expect(await ids(`marco_${u}`)).toEqual([t2.id]);
    expect(await ids(`priya_${u} build`)).toEqual([t1.id]);
    expect(await ids(`marco_${u} monorepo${u}`)).toEqual([]);
    const other = await createOrg();
    expect((await listThreads({ orgId: other.orgId, q: `monorepo${u}` })).threads).toEqual([]);
  });
});

describe("the Threads tab's open reply", () => {
  it("carries the most urgent open reply of each thread: its id, version and body", async () => {
    const u = uid();
    const c = await freshCampaign();
    const parent = await c.make({ state: "sent", targetUser: `ana_${u}` });
    const thread = await db.conversationThread.create({
      data: { organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser: `ana_${u}`, kind: "dm", parentDraftId: parent.id, lastMessageAt: new Date(), messageCount: 1 },
    });
    const msg = await db.conversationMessage.create({ data: { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: `ana_${u}`, body: "Sounds good", sentAt: new Date() } });
    const reply = await c.make({ kind: "reply_dm", targetUser: `ana_${u}`, body: "Great, here is the link." });
    await db.draft.update({ where: { id: reply.id }, data: { parentMessageId: msg.id } });
    const { threads } = await listThreads({ orgId: A.orgId, q: `ana_${u}` });
    expect(threads).toHaveLength(1);
    expect(threads[0]!.reply).toEqual({ draftId: reply.id, version: 1, status: "to_review", body: "Great, here is the link.", notStarted: null });
  });
});
