// Regenerate with feedback, end to end: the route records the hint and starts a draft_regeneration run, a real
// agent process (the scripted fake) reads the draft through draft_regen_start and saves a new body with
// draft_regen_finish, and undo restores the previous body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createAccountRow, createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveToolServer, toolResults, waitForRunEnd } from "./agent-harness";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as regenerate from "@/app/api/drafts/[id]/regenerate/route";
import * as undo from "@/app/api/drafts/[id]/regenerate/undo/route";

let A: OrgFixture;
let ctx: { projectId: number; accountId: number; campaignId: number };
let tools: { close: () => Promise<void> };

beforeAll(async () => {
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await createOrg();
  const p = await createProject(A.orgId);
  const acc = await createAccountRow(A.orgId, p.id);
  const c = await db.campaign.create({ data: { organizationId: A.orgId, projectId: p.id, name: "Regen", platform: "forum", skill: "forum-scout", runner: FAKE_SLUG } });
  ctx = { projectId: p.id, accountId: acc.id, campaignId: c.id };
});
afterAll(() => tools.close());

const draftOf = (opts: Parameters<typeof createDraftRow>[1] = {}) =>
  createDraftRow(A.orgId, { projectId: ctx.projectId, accountId: ctx.accountId, campaignId: ctx.campaignId, ...opts });
const post = (id: number, body: object = {}) => call(regenerate.POST, { method: "POST", cookie: A.cookie, params: { id: String(id) }, body });

describe("regeneration with feedback", () => {
  it("the draft-regenerator rewrites the body with a score; the draft shows regenerating meanwhile; undo restores", async () => {
    await scriptOrgPlaybook(A.orgId, "draft-regenerator", {
      steps: [
        { tool: "draft_regen_start" },
        { sleep: 800 },
        { tool: "draft_regen_finish", args: { body: "A shorter body that mentions the free tier.", qualityScore: 77, qualityReason: "specific", qualityModel: "judge-1" } },
      ],
    });
    const d = await draftOf({ body: "The first body", qualityScore: 50 });
    const res = await post(d.id, { hint: "Shorter, mention the free tier" });
    expect(res.status).toBe(202);
    expect(res.json.draft).toMatchObject({ regenerationCount: 1, regeneratingRunId: res.json.runId, body: "The first body", version: 1 });
    const run = await db.run.findUniqueOrThrow({ where: { id: res.json.runId } });
    expect(run).toMatchObject({ organizationId: A.orgId, kind: "draft_regeneration", playbookSlug: "draft-regenerator", runner: FAKE_SLUG, campaignId: ctx.campaignId });
    expect(run.params).toMatchObject({ draftId: d.id, hint: "Shorter, mention the free tier" });
    expect(run.playbookBody).toContain("Scripted draft-regenerator");
    expect(await db.draftRegenerationHint.findFirst({ where: { draftId: d.id } })).toMatchObject({ hint: "Shorter, mention the free tier", runId: run.id, userId: A.userId });
    expect(await db.draftEvent.findFirst({ where: { draftId: d.id, event: "regenerated" } })).toMatchObject({ actorType: "user", details: { hint: "Shorter, mention the free tier", runId: run.id } });

    // While it runs, the inbox shows it regenerating and a second request is refused.
    expect((await call(draftRoute.GET, { cookie: A.cookie, params: { id: String(d.id) } })).json.regeneratingRunId).toBe(run.id);
    expect((await post(d.id)).status).toBe(409);

    const ended = await waitForRunEnd(run.id);
    expect(ended).toMatchObject({ status: "success", failureReason: null });
    const [start] = await toolResults(run.id);
    const context = JSON.parse(start!.text);
    expect(context).toMatchObject({
      draft: { id: d.id, body: "The first body", kind: "dm" },
      hint: "Shorter, mention the free tier",
      platform: "forum",
      persona: { accountId: ctx.accountId },
      qualityRubric: { threshold_red: expect.any(Number) },
    });

    const after = (await call(draftRoute.GET, { cookie: A.cookie, params: { id: String(d.id) } })).json;
    expect(after).toMatchObject({ body: "A shorter body that mentions the free tier.", version: 2, qualityScore: 77, canUndoRegeneration: true, regeneratingRunId: null, state: "pending_review" });
    expect(await db.draftEvent.findFirst({ where: { draftId: d.id, event: "regeneration_finished" } })).toMatchObject({ actorType: "run", details: { previousBody: "The first body" } });

    const undone = await call(undo.POST, { method: "POST", cookie: A.cookie, params: { id: String(d.id) }, body: { version: 2 } });
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ body: "The first body", version: 3, canUndoRegeneration: false });
    const again = await call(undo.POST, { method: "POST", cookie: A.cookie, params: { id: String(d.id) }, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/no regenerated body/);
  });

  it("a draft approved while the agent writes keeps its approved body; the run ends without its finish", async () => {
    await scriptOrgPlaybook(A.orgId, "draft-regenerator", {
      steps: [{ tool: "draft_regen_start" }, { sleep: 1500 }, { tool: "draft_regen_finish", args: { body: "Late rewrite", qualityScore: 60 } }],
    });
    const d = await draftOf({ body: "Approved words" });
    const res = await post(d.id);
    expect(res.status).toBe(202);
    const approve = await call(draftRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(d.id) }, body: { state: "approved", version: 1 } });
    expect(approve.status).toBe(200);
    const ended = await waitForRunEnd(res.json.runId);
    expect(ended).toMatchObject({ status: "failed", failureReason: "playbook_incomplete" });
    const results = await toolResults(res.json.runId);
    expect(results[1]).toMatchObject({ status: "failed" });
    expect(results[1]!.text).toMatch(/^conflict: /);
    expect(await db.draft.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ body: "Approved words", state: "approved" });
  });

  it("touches only its own draft, and refuses a body with no score", async () => {
    const other = await draftOf({ body: "Sibling body" });
    const d = await draftOf({ body: "Mine" });
    await scriptOrgPlaybook(A.orgId, "draft-regenerator", {
      steps: [
        { tool: "draft_regen_finish", args: { body: "No score given" } },
        // The campaign's draft tools are closed to a regeneration run: it cannot reach a sibling draft.
        { tool: "drafts_update", args: { id: other.id, body: "Hijack" } },
        { tool: "drafts_create", args: { entries: [{ accountId: ctx.accountId, kind: "dm", targetUser: "someone_new", body: "Extra", qualityScore: 50 }] } },
        // Nor can it end itself as a success without saving the body.
        { tool: "run_finish", args: { summary: "nothing to do" } },
        { tool: "draft_regen_finish", args: { body: "Scored this time", qualityScore: 70 } },
      ],
    });
    const res = await post(d.id);
    const ended = await waitForRunEnd(res.json.runId);
    expect(ended.status).toBe("success");
    const results = await toolResults(res.json.runId);
    expect(results.map((r) => r.status)).toEqual(["failed", "failed", "failed", "failed", "completed"]);
    expect(results[3]!.text).toMatch(/^conflict: run_finish belongs to campaign runs/);
    expect(results[0]!.text).toMatch(/qualityScore/);
    expect(results[1]!.text).toMatch(/^conflict: drafts_update belongs to campaign runs/);
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).body).toBe("Scored this time");
    expect(await db.draft.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ body: "Sibling body", version: 1 });
    expect(await db.draft.count({ where: { targetUser: "someone_new" } })).toBe(0);
  });

  it("three requests at once start exactly one run", async () => {
    await scriptOrgPlaybook(A.orgId, "draft-regenerator", { steps: [{ sleep: 300 }, { tool: "draft_regen_finish", args: { body: "Once", qualityScore: 55 } }] });
    const d = await draftOf();
    const results = await Promise.all([1, 2, 3].map(() => post(d.id)));
    expect(results.map((r) => r.status).sort()).toEqual([202, 409, 409]);
    expect(await db.run.count({ where: { organizationId: A.orgId, kind: "draft_regeneration", params: { path: ["draftId"], equals: d.id } } })).toBe(1);
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).regenerationCount).toBe(1);
    await waitForRunEnd(results.find((r) => r.status === 202)!.json.runId);
  });

  it("refuses drafts out of review, and a runner that is not installed, recording nothing", async () => {
    const sent = await draftOf({ state: "sent" });
    expect((await post(sent.id)).status).toBe(409);
    const c = await db.campaign.create({ data: { organizationId: A.orgId, projectId: ctx.projectId, name: "Cloud one", platform: "forum", skill: "forum-scout", runner: "cloud" } });
    const d = await createDraftRow(A.orgId, { projectId: ctx.projectId, campaignId: c.id });
    const res = await post(d.id, { hint: "try" });
    expect(res.status).toBe(422);
    expect(res.json.error).toBe("runner_unavailable");
    for (const id of [sent.id, d.id]) {
      expect(await db.draftRegenerationHint.count({ where: { draftId: id } })).toBe(0);
      expect((await db.draft.findUniqueOrThrow({ where: { id } })).regenerationCount).toBe(0);
    }
    expect(await db.run.count({ where: { organizationId: A.orgId, kind: "draft_regeneration", params: { path: ["draftId"], equals: d.id } } })).toBe(0);
  });
});
