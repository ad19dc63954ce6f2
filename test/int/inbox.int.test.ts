// The inbox list (filters, sorting, keyset pages) and regeneration with feedback (request, finish, undo).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";
import * as draftsRoute from "@/app/api/drafts/route";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as regenerate from "@/app/api/drafts/[id]/regenerate/route";
import * as undo from "@/app/api/drafts/[id]/regenerate/undo/route";
import { finishRegeneration } from "@/lib/drafts/finish-regeneration";

let A: OrgFixture;
let ctx: { projectId: number; accountId: number; campaignId: number; otherCampaignId: number };
let all: { id: number; quality: number | null; state: string; campaignId: number; kind: string }[];

beforeAll(async () => {
  A = await createOrg();
  const p = await createProject(A.orgId);
  const [acc, c1, c2] = await Promise.all([createAccountRow(A.orgId, p.id), createCampaignRow(A.orgId, p.id), createCampaignRow(A.orgId, p.id)]);
  ctx = { projectId: p.id, accountId: acc.id, campaignId: c1.id, otherCampaignId: c2.id };
  all = [];
  const states = ["pending_review", "proposed", "approved", "sent", "rejected"] as const;
  for (let i = 0; i < 23; i++) {
    const quality = i % 4 === 0 ? null : (i * 13) % 101;
    const campaignId = i % 3 === 0 ? c2.id : c1.id;
    const kind = i % 5 === 0 ? "reply_dm" : "dm";
    const d = await createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id, campaignId, qualityScore: quality, state: states[i % 5], kind });
    all.push({ id: d.id, quality, state: d.state, campaignId, kind });
  }
});

const list = (q: string) => call(draftsRoute.GET, { cookie: A.cookie, path: `/api/drafts?${q}` });

async function pages(q: string) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let count = 0;
  do {
    const res = await list(`${q}&limit=5${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    ids.push(...res.json.drafts.map((d: { id: number }) => d.id));
    cursor = res.json.nextCursor;
    count++;
  } while (cursor && count < 20);
  return ids;
}

describe("inbox list", () => {
  it("walks every draft newest first across keyset pages, with no repeats", async () => {
    expect(await pages("sort=newest")).toEqual(all.map((d) => d.id).reverse());
    expect(await pages("sort=oldest")).toEqual(all.map((d) => d.id));
  });

  it("orders by quality with unscored drafts last, paging stably", async () => {
    const expected = [...all].sort((x, y) => (y.quality ?? -1) - (x.quality ?? -1) || y.id - x.id).map((d) => d.id);
    expect(await pages("sort=quality_desc")).toEqual(expected);
    expect(await pages("sort=quality_asc")).toEqual([...expected].reverse());
  });

  it("filters by state list, kind, campaign and minQuality together", async () => {
    const res = await list(`state=pending_review,proposed&kind=dm&campaign=${ctx.campaignId}&minQuality=40&limit=200`);
    const expected = all
      .filter((d) => ["pending_review", "proposed"].includes(d.state) && d.kind === "dm" && d.campaignId === ctx.campaignId && (d.quality ?? -1) >= 40)
      .map((d) => d.id)
      .reverse();
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json.drafts.map((d: { id: number }) => d.id)).toEqual(expected);
    expect(res.json.nextCursor).toBeNull();
    expect(res.json.drafts[0]).toMatchObject({ campaignName: expect.any(String), projectName: expect.any(String), isReply: false });
  });

  it("marks reply drafts", async () => {
    const res = await list("kind=reply_dm&limit=200");
    expect(res.json.drafts.length).toBe(all.filter((d) => d.kind === "reply_dm").length);
    expect(res.json.drafts.every((d: { isReply: boolean }) => d.isReply)).toBe(true);
  });
});

describe("regeneration with feedback", () => {
  it("records the hint, counts, logs and creates the run; the finish overwrites and undo restores", async () => {
    const d = await createDraftRow(A.orgId, { projectId: ctx.projectId, accountId: ctx.accountId, campaignId: ctx.campaignId, body: "The first body", qualityScore: 50 });
    const params = { id: String(d.id) };
    const res = await call(regenerate.POST, { method: "POST", cookie: A.cookie, params, body: { hint: "Shorter, mention the free tier" } });
    expect(res.status).toBe(202);
    expect(res.json.draft).toMatchObject({ regenerationCount: 1, regeneratingRunId: res.json.runId, body: "The first body", version: 1 });
    const run = await db.run.findUniqueOrThrow({ where: { id: res.json.runId } });
    expect(run).toMatchObject({ organizationId: A.orgId, kind: "draft_regeneration", status: "running", playbookSlug: "draft-regenerator", campaignId: ctx.campaignId });
    expect(run.params).toMatchObject({ draftId: d.id, hint: "Shorter, mention the free tier" });
    expect(await db.draftRegenerationHint.findFirst({ where: { draftId: d.id } })).toMatchObject({ hint: "Shorter, mention the free tier", runId: run.id, userId: A.userId });
    expect(await db.draftEvent.findFirst({ where: { draftId: d.id, event: "regenerated" } })).toMatchObject({ actorType: "user", details: { hint: "Shorter, mention the free tier", runId: run.id } });

    // A second request while the first is still running is refused.
    expect((await call(regenerate.POST, { method: "POST", cookie: A.cookie, params, body: {} })).status).toBe(409);

    await db.$transaction((tx) => finishRegeneration(tx, { orgId: A.orgId, draftId: d.id, runId: run.id, body: "A shorter body", qualityScore: 77, qualityModel: "judge" }));
    await db.run.update({ where: { id: run.id }, data: { status: "success" } });
    const after = (await call(draftRoute.GET, { cookie: A.cookie, params })).json;
    expect(after).toMatchObject({ body: "A shorter body", version: 2, qualityScore: 77, canUndoRegeneration: true, regeneratingRunId: null });

    const undone = await call(undo.POST, { method: "POST", cookie: A.cookie, params, body: { version: 2 } });
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ body: "The first body", version: 3, canUndoRegeneration: false });
    const again = await call(undo.POST, { method: "POST", cookie: A.cookie, params, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/no regenerated body/);
  });

  it("the finish is refused once the draft left review, and touches nothing", async () => {
    const d = await createDraftRow(A.orgId, { projectId: ctx.projectId, state: "approved", body: "Approved words" });
    await expect(
      db.$transaction((tx) => finishRegeneration(tx, { orgId: A.orgId, draftId: d.id, runId: 1, body: "Late rewrite" })),
    ).rejects.toMatchObject({ code: "conflict" });
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).body).toBe("Approved words");
  });

  it("two regenerate requests at once start exactly one run", async () => {
    const d = await createDraftRow(A.orgId, { projectId: ctx.projectId });
    const params = { id: String(d.id) };
    const results = await Promise.all([1, 2, 3].map(() => call(regenerate.POST, { method: "POST", cookie: A.cookie, params, body: {} })));
    expect(results.map((r) => r.status).sort()).toEqual([202, 409, 409]);
    expect(await db.run.count({ where: { organizationId: A.orgId, kind: "draft_regeneration", params: { path: ["draftId"], equals: d.id } } })).toBe(1);
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).regenerationCount).toBe(1);
  });

  it("only drafts under review can be regenerated", async () => {
    const d = await createDraftRow(A.orgId, { projectId: ctx.projectId, state: "sent" });
    const res = await call(regenerate.POST, { method: "POST", cookie: A.cookie, params: { id: String(d.id) }, body: {} });
    expect(res.status).toBe(409);
    expect(await db.draftRegenerationHint.count({ where: { draftId: d.id } })).toBe(0);
  });
});
