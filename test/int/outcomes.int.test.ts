// Outcomes (docs/outcomes.md): drafts moved through the real routes, the rollup job's body run as the engines run it,
// then GET /api/outcomes read back. Also: recomputing is idempotent, two refreshes at once never double-count, a
// change to an old draft recomputes the day it was drafted, and an organization's first read builds its rollups.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import type { Logger } from "@/lib/log/logger";
import { changeDraft } from "@/lib/drafts/change-draft";
import { outcomeRollups } from "@/lib/jobs/outcome-rollups";
import { refreshOutcomes } from "@/lib/outcomes/refresh-outcomes";
import { editDistance } from "@/lib/outcomes/edit-distance";
import { recordVisibility } from "@/lib/removal-checks/record-visibility";
import * as outcomesRoute from "@/app/api/outcomes/route";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

const logger: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => logger };
const AGENT_TEXT = "Hi, I read your post about onboarding. We built a small checklist tool that might help.";
const SENT_TEXT = "Hi, I read your post about onboarding. I built a tiny checklist tool, happy to share it.";

let A: OrgFixture;
let ctx: { projectId: number; accountId: number; campaignId: number; campaignName: string; claudeRun: number; geminiRun: number };

async function newDraft(runId: number, opts: { createdAt?: Date; qualityScore?: number; variantGroupId?: string } = {}) {
  const d = await db.draft.create({
    data: {
      organizationId: A.orgId, projectId: ctx.projectId, accountId: ctx.accountId, campaignId: ctx.campaignId, runId,
      kind: "dm", platform: "forum", accountHandle: "me", targetUser: `person_${uid()}`, body: AGENT_TEXT,
      qualityScore: opts.qualityScore ?? 70, variantGroupId: opts.variantGroupId ?? null, ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    },
  });
  await db.draftEvent.create({ data: { organizationId: A.orgId, draftId: d.id, event: "created", actorType: "run", actorId: runId, details: { runId } } });
  return d;
}

const patch = async (id: number, body: unknown) => {
  const res = await call(draftRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(id) }, body });
  expect(res.status).toBe(200);
  return res.json;
};

async function markReplied(id: number) {
  await db.$transaction((tx) => changeDraft(tx, { orgId: A.orgId, id, actor: { type: "system", label: "test" }, action: "reply", event: "replied", data: () => ({ repliedAt: new Date() }) }));
}

const outcomes = async (search = "") => {
  const res = await call(outcomesRoute.GET, { cookie: A.cookie, path: `/api/outcomes${search}` });
  expect(res.status).toBe(200);
  return res.json;
};

const tick = () => outcomeRollups({ now: new Date(), log: logger, orgIds: [A.orgId] });

const rollupRows = () =>
  db.outcomeDay.findMany({ where: { organizationId: A.orgId }, orderBy: [{ day: "asc" }, { runner: "asc" }], omit: { computedAt: true } });

beforeAll(async () => {
  A = await createOrg();
  const p = await createProject(A.orgId);
  const [acc, camp] = await Promise.all([createAccountRow(A.orgId, p.id), createCampaignRow(A.orgId, p.id)]);
  const run = (runner: string, model: string, costUsd: string) =>
    db.run.create({ data: { organizationId: A.orgId, campaignId: camp.id, projectId: p.id, kind: "campaign", runner, model, playbookSlug: "forum-scout", status: "success", costUsd, finishedAt: new Date() } });
  const [claude, gemini] = await Promise.all([run("claude", "sonnet", "0.600000"), run("gemini", "flash", "0.100000")]);
  // A tuning run of the same campaign is not drafting cost.
  await db.run.create({ data: { organizationId: A.orgId, campaignId: camp.id, kind: "campaign_skill_generation", runner: "claude", status: "success", costUsd: "5", finishedAt: new Date() } });
  ctx = { projectId: p.id, accountId: acc.id, campaignId: camp.id, campaignName: camp.name, claudeRun: claude.id, geminiRun: gemini.id };
  // The organization's first refresh, before anything happened: it is the rebuild.
  expect((await refreshOutcomes({ orgId: A.orgId })).rebuilt).toBe(true);
});

describe("the funnel through the real routes", () => {
  it("counts drafted, approved, rejected, sent and replied, the edit distance and the cost per approval and reply", async () => {
    // claude: 4 drafts. One edited then approved and sent, then replied; one approved and sent as written; one
    // rejected; one left in review. gemini: 2 drafts, one approved, one rejected.
    const [c1, c2, c3] = [await newDraft(ctx.claudeRun), await newDraft(ctx.claudeRun), await newDraft(ctx.claudeRun)];
    await newDraft(ctx.claudeRun);
    const [g1, g2] = [await newDraft(ctx.geminiRun), await newDraft(ctx.geminiRun)];
    await patch(c1.id, { body: SENT_TEXT });
    await patch(c1.id, { state: "approved" });
    await patch(c1.id, { state: "sent" });
    await markReplied(c1.id);
    await patch(c2.id, { state: "approved" });
    await patch(c2.id, { state: "sent" });
    await patch(c3.id, { state: "rejected", reason: "Too salesy" });
    await patch(g1.id, { state: "approved" });
    await patch(g2.id, { state: "rejected" });

    await tick();
    const o = await outcomes();
    const distance = editDistance(AGENT_TEXT, SENT_TEXT);
    expect(distance).toBeGreaterThan(5);
    expect(o.totals).toMatchObject({
      drafted: 6, approved: 3, rejected: 2, sent: 2, replied: 1, approvalRate: 3 / 5, replyRate: 1 / 2, editedSent: 1,
      // Two sent drafts: one as written (0) and one edited: the median is halfway.
      medianEditDistance: distance / 2,
      runs: 2, costUsd: 0.7,
    });
    expect(o.totals.costPerApproved).toBeCloseTo(0.7 / 3, 6);
    expect(o.totals.costPerReply).toBeCloseTo(0.7, 6);

    const claude = o.byRunnerModel.find((r: { runner: string }) => r.runner === "claude");
    expect(claude).toMatchObject({ model: "sonnet", drafted: 4, approved: 2, rejected: 1, sent: 2, replied: 1, costUsd: 0.6 });
    expect(claude.costPerApproved).toBeCloseTo(0.3, 6);
    expect(o.byRunnerModel.find((r: { runner: string }) => r.runner === "gemini")).toMatchObject({ model: "flash", drafted: 2, approved: 1, rejected: 1, sent: 0, replied: 0, medianEditDistance: null, costPerReply: null });
    expect(o.byCampaign).toEqual([expect.objectContaining({ campaignId: ctx.campaignId, campaignName: ctx.campaignName, drafted: 6 })]);
    expect(o.byPlaybook).toEqual([expect.objectContaining({ playbook: "forum-scout", drafted: 6 })]);
    // The weekly chart: twelve weeks (or thirteen, by the weekday), this one holding everything.
    expect(o.weekly.length).toBeGreaterThanOrEqual(12);
    expect(o.weekly.at(-1)).toMatchObject({ drafted: 6, approved: 3, sent: 2, replied: 1 });
    expect(o.weekly.slice(0, -1).every((w: { drafted: number }) => w.drafted === 0)).toBe(true);

    // Filters narrow every figure.
    const gemini = await outcomes("?runner=gemini&model=flash");
    expect(gemini.totals).toMatchObject({ drafted: 2, approved: 1, costUsd: 0.1 });
    expect((await outcomes(`?campaignId=${ctx.campaignId}&playbook=forum-scout`)).totals.drafted).toBe(6);
    expect((await outcomes("?playbook=another")).totals).toMatchObject({ drafted: 0, approvalRate: null, costPerApproved: null });
  });

  it("a variant that lost to its sibling is drafted, not rejected", async () => {
    const before = (await outcomes()).totals;
    const group = `g_${uid()}`;
    const winner = await newDraft(ctx.geminiRun, { variantGroupId: group });
    await newDraft(ctx.geminiRun, { variantGroupId: group });
    await patch(winner.id, { state: "approved" });
    await tick();
    const after = (await outcomes()).totals;
    expect(after.drafted).toBe(before.drafted + 2);
    expect(after.approved).toBe(before.approved + 1);
    expect(after.rejected).toBe(before.rejected);
  });
});

describe("the rollup job", () => {
  it("recomputing gives the same rows; two refreshes at once never count twice", async () => {
    await tick();
    const first = await rollupRows();
    expect(first.length).toBeGreaterThan(0);
    // The same days again, twice at once (two instances): one refreshes, the other skips or finds nothing new.
    await db.outcomeRollupState.update({ where: { organizationId: A.orgId }, data: { through: new Date(Date.now() - 3_600_000) } });
    const both = await Promise.all([refreshOutcomes({ orgId: A.orgId }), refreshOutcomes({ orgId: A.orgId })]);
    expect(both.filter((r) => !r.skipped && r.days.length > 0).length).toBeGreaterThanOrEqual(1);
    expect(await rollupRows()).toEqual(first);
    expect((await outcomes()).totals.drafted).toBe(8);
  });

  it("a change to a draft of an earlier day recomputes that day, and only the touched days", async () => {
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    const old = await newDraft(ctx.claudeRun, { createdAt: tenDaysAgo });
    // Its creation is older than the refresh margin: only a new event brings its day back.
    await db.draftEvent.updateMany({ where: { draftId: old.id }, data: { createdAt: tenDaysAgo } });
    await db.outcomeRollupState.update({ where: { organizationId: A.orgId }, data: { through: new Date(Date.now() - 20 * 60_000) } });
    await refreshOutcomes({ orgId: A.orgId });
    const oldDay = tenDaysAgo.toISOString().slice(0, 10);
    const range = `?from=${oldDay}&to=${oldDay}`;
    expect((await outcomes(range)).totals.drafted).toBe(0);

    await patch(old.id, { state: "approved" });
    const refreshed = await refreshOutcomes({ orgId: A.orgId });
    expect(refreshed.days).toContain(oldDay);
    expect(refreshed.days).toHaveLength(new Set(refreshed.days).size);
    expect((await outcomes(range)).totals).toMatchObject({ drafted: 1, approved: 1 });
  });

  it("an organization never refreshed is built on its first read", async () => {
    const B = await createOrg();
    const p = await createProject(B.orgId);
    const acc = await createAccountRow(B.orgId, p.id);
    await db.draft.create({ data: { organizationId: B.orgId, projectId: p.id, accountId: acc.id, kind: "dm", platform: "forum", accountHandle: "me", targetUser: "x", body: "Hello", state: "approved" } });
    const res = await call(outcomesRoute.GET, { cookie: B.cookie, path: "/api/outcomes" });
    expect(res.status).toBe(200);
    expect(res.json.totals).toMatchObject({ drafted: 1, approved: 1, approvalRate: 1 });
    expect(res.json.byRunnerModel).toEqual([expect.objectContaining({ runner: null, model: null })]);
    expect(res.json.countedThrough).not.toBeNull();
  });
});

describe("removals", () => {
  it("the removal rate counts sent posts found removed or not visible among those checked, not ones their author deleted", async () => {
    const C = await createOrg();
    const p = await createProject(C.orgId);
    const acc = await createAccountRow(C.orgId, p.id);
    const sentAt = new Date(Date.now() - 2 * 3_600_000);
    const sent = async () =>
      db.draft.create({
        data: {
          organizationId: C.orgId, projectId: p.id, accountId: acc.id, kind: "post_comment", platform: "forum", accountHandle: "me",
          targetUser: `t_${uid()}`, body: "A comment", state: "sent", sentAt, publishedId: `t1_${uid()}`,
        },
      });
    const [removed, gone, deleted, fine, unchecked] = await Promise.all([sent(), sent(), sent(), sent(), sent()]);
    const read = async () => {
      const res = await call(outcomesRoute.GET, { cookie: C.cookie, path: "/api/outcomes" });
      expect(res.status).toBe(200);
      return res.json.totals;
    };
    expect(await read()).toMatchObject({ sent: 5, checked: 0, removed: 0, removalRate: null });

    // What the removal check's tick records; its draft events bring the day back to the rollup job.
    const now = new Date();
    await recordVisibility({ orgId: C.orgId, draftId: removed.id, outcome: { ok: true, visibility: "removed" }, now, scheduled: null });
    await recordVisibility({ orgId: C.orgId, draftId: gone.id, outcome: { ok: true, visibility: "not_visible" }, now, scheduled: null });
    await recordVisibility({ orgId: C.orgId, draftId: deleted.id, outcome: { ok: true, visibility: "deleted" }, now, scheduled: null });
    await recordVisibility({ orgId: C.orgId, draftId: fine.id, outcome: { ok: true, visibility: "visible" }, now, scheduled: null });
    expect(unchecked.id).toBeGreaterThan(0);
    await outcomeRollups({ now: new Date(), log: logger, orgIds: [C.orgId] });
    expect(await read()).toMatchObject({ sent: 5, checked: 4, removed: 2, removalRate: 0.5 });
  });
});

