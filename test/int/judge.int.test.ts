// The judge calibrated against reviewers (docs/tuning.md "The judge"): decisions made through the drafts route, the
// calibration read through GET /api/campaigns/:id/judge, the suggested threshold applied with PUT .../inbox-quality.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as judgeRoute from "@/app/api/campaigns/[id]/judge/route";
import * as inboxQuality from "@/app/api/campaigns/[id]/inbox-quality/route";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let ctx: { projectId: number; accountId: number; campaignId: number };

const decide = async (score: number, state: "approved" | "rejected", createdAt?: Date) => {
  const d = await createDraftRow(A.orgId, { projectId: ctx.projectId, accountId: ctx.accountId, campaignId: ctx.campaignId, qualityScore: score });
  if (createdAt) await db.draft.update({ where: { id: d.id }, data: { createdAt } });
  const res = await call(draftRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(d.id) }, body: { state } });
  expect(res.status).toBe(200);
  return d;
};

const judge = async (campaignId = ctx.campaignId, search = "") => {
  const res = await call(judgeRoute.GET, { cookie: A.cookie, params: { id: String(campaignId) }, path: `/api/campaigns/${campaignId}/judge${search}` });
  expect(res.status).toBe(200);
  return res.json;
};

beforeAll(async () => {
  A = await createOrg();
  const p = await createProject(A.orgId);
  const [acc, camp] = await Promise.all([createAccountRow(A.orgId, p.id), createCampaignRow(A.orgId, p.id)]);
  ctx = { projectId: p.id, accountId: acc.id, campaignId: camp.id };
});

describe("the judge's calibration", () => {
  it("says why there is no suggestion before enough reviews", async () => {
    await decide(80, "approved");
    const j = await judge();
    expect(j.decided).toBe(1);
    expect(j.suggestion).toBeNull();
    expect(j.suggestionReason).toBe("Needs at least 20 scored drafts that reviewers approved or rejected; there are 1.");
    expect(j.current).toMatchObject({ minQuality: null, outcome: { threshold: 0, agreement: 1 } });
  });

  it("shows approval per band, the agreement at the current default and a threshold with what it hides and keeps", async () => {
    // Reviewers reject what the judge scores low and approve what it scores high: 12 rejected at 20-45, 12 approved
    // at 62-95, plus the approved 80 of the first test. One old rejection falls outside the window.
    for (const s of [20, 25, 30, 35, 40, 45, 20, 25, 30, 35, 40, 45]) await decide(s, "rejected");
    for (const s of [62, 65, 70, 75, 80, 85, 90, 95, 62, 70, 80, 95]) await decide(s, "approved");
    await decide(10, "rejected", new Date(Date.now() - 70 * 86_400_000));
    // A variant that lost to its sibling is not a verdict on its score.
    const group = `g_${uid()}`;
    const winner = await createDraftRow(A.orgId, { projectId: ctx.projectId, accountId: ctx.accountId, campaignId: ctx.campaignId, qualityScore: 90, variantGroupId: group, variantLabel: "A" });
    await createDraftRow(A.orgId, { projectId: ctx.projectId, accountId: ctx.accountId, campaignId: ctx.campaignId, qualityScore: 90, variantGroupId: group, variantLabel: "B" });
    expect((await call(draftRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(winner.id) }, body: { state: "approved" } })).status).toBe(200);

    const j = await judge();
    expect(j.decided).toBe(26);
    expect(j.bands[2]).toMatchObject({ min: 20, max: 29, approved: 0, rejected: 4, approvalRate: 0 });
    expect(j.bands[9]).toMatchObject({ min: 90, max: 100, approved: 4, rejected: 0, approvalRate: 1 });
    expect(j.bands[5]).toMatchObject({ approved: 0, rejected: 0, approvalRate: null });
    // No default yet: everything is shown, so agreement is the approval rate.
    expect(j.current.outcome.agreement).toBeCloseTo(14 / 26, 6);
    expect(j.suggestion.threshold).toBe(60);
    expect(j.suggestion.outcome).toMatchObject({ hidden: { approved: 0, rejected: 12 }, kept: { approved: 14, rejected: 0 }, agreement: 1, approvedKept: 1 });
    expect(j.suggestion.byWeek.length).toBeGreaterThanOrEqual(8);
    const weekly = j.suggestion.byWeek.reduce((n: number, w: { hidden: { rejected: number } }) => n + w.hidden.rejected, 0);
    expect(weekly).toBe(12);
    // Twelve weeks back, the old rejection is in.
    expect((await judge(ctx.campaignId, "?weeks=12")).decided).toBe(27);
  });

  it("applies the threshold as the campaign's inbox default, and then measures it", async () => {
    const res = await call(inboxQuality.PUT, { method: "PUT", cookie: A.cookie, params: { id: String(ctx.campaignId) }, body: { minQuality: 60 } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ campaignId: ctx.campaignId, inboxMinQuality: 60 });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: ctx.campaignId } })).inboxMinQuality).toBe(60);
    const j = await judge();
    expect(j.current).toMatchObject({ minQuality: 60, outcome: { threshold: 60, agreement: 1 } });

    const cleared = await call(inboxQuality.PUT, { method: "PUT", cookie: A.cookie, params: { id: String(ctx.campaignId) }, body: { minQuality: null } });
    expect(cleared.json.inboxMinQuality).toBeNull();
  });

  it("a campaign of another organization, or none, is a 404", async () => {
    const B = await createOrg();
    const res = await call(judgeRoute.GET, { cookie: B.cookie, params: { id: String(ctx.campaignId) }, path: `/api/campaigns/${ctx.campaignId}/judge` });
    expect(res.status).toBe(404);
  });
});
