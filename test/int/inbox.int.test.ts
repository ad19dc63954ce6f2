// The inbox list: filters, sorting, keyset pages. Regeneration has its own file.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";
import * as draftsRoute from "@/app/api/drafts/route";

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

  it("narrows to chosen ids in any state, combined with the other filters", async () => {
    const chosen = [all[0]!, all[3]!, all[7]!];
    const res = await list(`ids=${chosen.map((d) => d.id).join(",")}&limit=200`);
    expect(res.json.drafts.map((d: { id: number }) => d.id)).toEqual(chosen.map((d) => d.id).reverse());
    const dms = await list(`ids=${chosen.map((d) => d.id).join(",")}&kind=dm&limit=200`);
    expect(dms.json.drafts.map((d: { id: number }) => d.id)).toEqual(chosen.filter((d) => d.kind === "dm").map((d) => d.id).reverse());
  });

  it("marks reply drafts", async () => {
    const res = await list("kind=reply_dm&limit=200");
    expect(res.json.drafts.length).toBe(all.filter((d) => d.kind === "reply_dm").length);
    expect(res.json.drafts.every((d: { isReply: boolean }) => d.isReply)).toBe(true);
  });
});
