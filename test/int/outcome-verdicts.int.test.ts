// Variants and campaigns judged by evidence (docs/outcomes.md "Judging by evidence"): sent A/B variants are counted
// per label by the rollups, GET /api/outcomes answers Wilson intervals and a verdict that calls no winner on a few
// sends and calls one on enough.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { refreshOutcomes } from "@/lib/outcomes/refresh-outcomes";
import * as outcomesRoute from "@/app/api/outcomes/route";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let ctx: { projectId: number; accountId: number };

/** `sent` drafts of one variant label in a campaign, `replied` of them answered. */
async function sendVariant(campaignId: number, label: string, sent: number, replied: number) {
  await db.draft.createMany({
    data: Array.from({ length: sent }, (_, i) => ({
      organizationId: A.orgId, projectId: ctx.projectId, accountId: ctx.accountId, campaignId, kind: "dm" as const, platform: "forum",
      accountHandle: "me", targetUser: `p_${uid()}`, body: `Hello ${label}`, variantGroupId: `g_${uid()}`, variantLabel: label,
      state: i < replied ? ("replied" as const) : ("sent" as const), sentAt: new Date(),
    })),
  });
}

async function outcomes(search = "") {
  // Rows written straight into the table carry no draft events: the organization's days are rebuilt whole.
  await db.outcomeRollupState.deleteMany({ where: { organizationId: A.orgId } });
  await refreshOutcomes({ orgId: A.orgId });
  const res = await call(outcomesRoute.GET, { cookie: A.cookie, path: `/api/outcomes${search}` });
  expect(res.status).toBe(200);
  return res.json;
}

beforeAll(async () => {
  A = await createOrg();
  const p = await createProject(A.orgId);
  const acc = await createAccountRow(A.orgId, p.id);
  ctx = { projectId: p.id, accountId: acc.id };
});

describe("A/B variants", () => {
  it("refuses to call a winner on a few sends, however the replies fall, and says about how many more are needed", async () => {
    const camp = await createCampaignRow(A.orgId, ctx.projectId);
    await sendVariant(camp.id, "A", 8, 1);
    await sendVariant(camp.id, "B", 8, 5);
    const o = await outcomes(`?campaignId=${camp.id}`);
    expect(o.byVariant).toEqual([
      expect.objectContaining({ variantLabel: "A", sent: 8, replied: 1, replyRate: 1 / 8 }),
      expect.objectContaining({ variantLabel: "B", sent: 8, replied: 5, replyRate: 5 / 8 }),
    ]);
    // The intervals are wide on eight sends and overlap.
    const [a, b] = o.byVariant;
    expect(a.replyRateInterval.high).toBeGreaterThan(b.replyRateInterval.low);
    expect(o.verdicts.variants.kind).toBe("not_enough");
    expect(o.verdicts.variants.morePerSide).toBeGreaterThanOrEqual(22);
    expect(o.verdicts.variants.sentence).toMatch(/^Not enough sends yet: about \d+ more each/);
  });

  it("calls the leader once enough sends show a real gap", async () => {
    const camp = await createCampaignRow(A.orgId, ctx.projectId);
    await sendVariant(camp.id, "A", 200, 14);
    await sendVariant(camp.id, "B", 200, 30);
    const o = await outcomes(`?campaignId=${camp.id}`);
    expect(o.verdicts.variants).toMatchObject({ kind: "ahead", leader: "Variant B", runnerUp: "Variant A", sentence: "Variant B is ahead of Variant A, 95% confident." });
    expect(o.totals.sent).toBe(400);
    expect(o.totals.replyRateInterval.low).toBeGreaterThan(0.08);
    expect(o.totals.replyRateInterval.high).toBeLessThan(0.15);
  });
});

describe("campaigns compared", () => {
  it("judges the campaigns' reply rates, leaving drafts outside campaigns out", async () => {
    const o = await outcomes();
    // Two campaigns so far: 6 replies of 16 sends against 44 of 400: not enough to call.
    expect(o.byCampaign).toHaveLength(2);
    expect(o.verdicts.campaigns.kind).toBe("not_enough");
    expect(o.byCampaign.every((c: { replyRateInterval: unknown }) => c.replyRateInterval !== null)).toBe(true);

    const strong = await createCampaignRow(A.orgId, ctx.projectId);
    await sendVariant(strong.id, "A", 300, 90);
    // A campaign-less batch with a higher rate still takes no part.
    await db.draft.createMany({
      data: Array.from({ length: 50 }, () => ({
        organizationId: A.orgId, projectId: ctx.projectId, accountId: ctx.accountId, kind: "dm" as const, platform: "forum",
        accountHandle: "me", targetUser: `p_${uid()}`, body: "Hello", state: "replied" as const,
      })),
    });
    const after = await outcomes();
    expect(after.verdicts.campaigns).toMatchObject({ kind: "ahead", leader: strong.name, confidence: 95 });
  });
});
