// /inbox renders its first page on the server (app/(dashboard)/inbox/first-page.ts): for every URL it must be what
// the client would have fetched from GET /api/drafts, read for the page's own organization only.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";
import * as draftsRoute from "@/app/api/drafts/route";
import { readFirstInboxPage, toUrlSearchParams } from "@/app/(dashboard)/inbox/first-page";
import { expandDraftView } from "@/lib/drafts/compact-draft-view";

let A: OrgFixture;
let B: OrgFixture;
let campaignId: number;

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId);
  const [acc, c] = await Promise.all([createAccountRow(A.orgId, p.id), createCampaignRow(A.orgId, p.id)]);
  campaignId = c.id;
  const states = ["pending_review", "proposed", "approved", "rejected"] as const;
  for (let i = 0; i < 60; i++) {
    await createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id, campaignId: i % 2 ? c.id : null, qualityScore: (i * 17) % 101, state: states[i % 4], body: `Draft number ${i} about gardening` });
  }
});

const first = (orgId: number, url: string, qualityDefaults: Record<number, number> = {}) =>
  readFirstInboxPage({ orgId, params: new URLSearchParams(url), qualityDefaults });
const api = async (q: string) => {
  const res = await call(draftsRoute.GET, { cookie: A.cookie, path: `/api/drafts?${q}` });
  expect(res.status).toBe(200);
  return res.json as { drafts: { id: number }[]; nextCursor: string | null };
};

describe("the inbox's server-rendered first page", () => {
  it("is GET /api/drafts's answer to the query the client builds from the same URL", async () => {
    for (const [url, q] of [
      ["", "state=pending_review%2Cproposed"],
      ["state=all&sort=quality_desc", "sort=quality_desc"],
      // The page names the Approved tab by its key; the API gets the states behind it.
      ["state=approved", "state=approved%2Carmed"],
      ["state=sent", "state=sent"],
      ["q=gardening&sort=oldest", "state=pending_review%2Cproposed&q=gardening&sort=oldest"],
    ]) {
      const page = await first(A.orgId, url);
      expect(page?.query, url).toBe(q);
      // The page carries its rows compact (their empty fields left out); the client expands them to the API's rows.
      expect(page && { drafts: page.drafts.map(expandDraftView), nextCursor: page.nextCursor }, url).toEqual(await api(q));
      expect(page?.drafts.every((d) => !Object.values(d).some((v) => v === null || v === false)), url).toBe(true);
    }
    // A full first page, with the cursor Load more continues from.
    expect((await first(A.orgId, "state=all"))?.drafts).toHaveLength(50);
    expect((await first(A.orgId, "state=all"))?.nextCursor).toEqual(expect.any(String));
  });

  it("applies the campaign's quality default unless the URL names a minimum", async () => {
    const page = await first(A.orgId, `campaign=${campaignId}`, { [campaignId]: 60 });
    expect(page?.query).toBe(`state=pending_review%2Cproposed&campaign=${campaignId}&minQuality=60`);
    expect(page!.drafts.length).toBeGreaterThan(0);
    expect(page!.drafts.every((d) => d.qualityScore! >= 60 && d.campaignId === campaignId)).toBe(true);
    expect((await first(A.orgId, `campaign=${campaignId}&minQuality=0`, { [campaignId]: 60 }))?.query).toBe(`state=pending_review%2Cproposed&campaign=${campaignId}&minQuality=0`);
  });

  it("leaves a URL the API would refuse to the client, which shows the refusal", async () => {
    expect(await first(A.orgId, "minQuality=abc")).toBeNull();
    expect(await first(A.orgId, "state=bogus")).toBeNull();
  });

  it("reads only the page's organization", async () => {
    const page = await first(B.orgId, `state=all&campaign=${campaignId}`);
    expect(page?.drafts).toEqual([]);
    expect(page?.nextCursor).toBeNull();
  });

  it("reads repeated keys the way the browser's URLSearchParams does (the first value)", () => {
    const params = toUrlSearchParams({ state: ["approved", "sent"], q: "x", none: undefined });
    expect(params.get("state")).toBe("approved");
    expect(params.getAll("state")).toEqual(["approved", "sent"]);
    expect(params.has("none")).toBe(false);
  });
});
