// Project insights (SPEC 1 "Project insights", the project-insighter contract): a real agent process writes the
// brief through project_insights_context and project_insights; under 5 drafts the brief is the stub; evidence that
// cites anything but this project's drafts and messages is refused with nothing written; the daily pass starts one
// run per active project and skips inactive and freshly briefed ones; Regenerate now answers 202 or alreadyRunning.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { requestProjectInsights } from "@/lib/insights/request-project-insights";
import { runDailyInsights } from "@/lib/insights/run-daily-insights";
import * as insightsRoute from "@/app/api/projects/[id]/insights/route";
import { call } from "./http";
import { createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, MISSING_SLUG, registerFakeBackends, runningRun, scriptOrgPlaybook, serveToolServer, waitForRunEnd } from "./agent-harness";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
let B: OrgFixture;
let server: { close: () => Promise<void> };

beforeAll(async () => {
  await registerFakeBackends();
  server = await serveToolServer();
  [A, B] = await Promise.all([createOrg(), createOrg()]);
});

afterAll(async () => {
  await server?.close();
});

/** A project whose campaign runs on the fake agent (project runs use the runner of the project's newest campaign). */
async function projectOnFakeAgent(orgId: number, runner = FAKE_SLUG) {
  const project = await createProject(orgId);
  await db.campaign.create({
    data: { organizationId: orgId, projectId: project.id, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout", runner, state: "active" },
  });
  return project;
}

/** `count` drafts in the project, and a thread on the first one with an outbound and an inbound message. */
async function seedOutreach(orgId: number, projectId: number, count: number) {
  const drafts = [];
  for (let i = 0; i < count; i++) {
    drafts.push(await createDraftRow(orgId, { projectId, state: i === 0 ? "replied" : i < 3 ? "sent" : "pending_review", body: `Draft number ${i} for ${projectId}` }));
  }
  const thread = await db.conversationThread.create({
    data: { organizationId: orgId, platform: "forum", accountHandle: "me", targetUser: drafts[0]!.targetUser, kind: "dm", parentDraftId: drafts[0]!.id, lastMessageAt: new Date(), messageCount: 2 },
  });
  const outbound = await db.conversationMessage.create({
    data: { organizationId: orgId, threadId: thread.id, direction: "outbound", author: "me", body: drafts[0]!.body, sentAt: new Date(Date.now() - 60_000) },
  });
  const inbound = await db.conversationMessage.create({
    data: { organizationId: orgId, threadId: thread.id, direction: "inbound", author: drafts[0]!.targetUser, body: "Thanks, tell me more about the pricing", sentAt: new Date() },
  });
  return { drafts, thread, outbound, inbound };
}

/** A tool-server client bound to a running run (no agent process), for precise answers to single calls. */
async function bindClient(orgId: number, opts: { kind: string; projectId: number | null; campaignId?: number | null }) {
  const { run, token } = await runningRun(orgId, { kind: opts.kind, projectId: opts.projectId, campaignId: opts.campaignId ?? null });
  const { callTool, close } = await connectToolClient({ runId: run.id, token });
  return { run, callTool, close };
}

describe("a project-insighter run through a real agent process", () => {
  it("reads the context and leaves one brief citing real draft and message ids", async () => {
    const project = await projectOnFakeAgent(A.orgId);
    const { drafts, inbound } = await seedOutreach(A.orgId, project.id, 6);
    const summaryMd = "## What worked\n\nDMs that named the person's own post got a reply.\n\n- Keep them short";
    await scriptOrgPlaybook(A.orgId, "project-insighter", {
      steps: [
        { say: "Reading the project's outreach" },
        { tool: "project_insights_context" },
        { tool: "project_insights", args: { summaryMd, evidence: [{ draftId: drafts[0]!.id, note: "got a reply" }, { messageId: inbound.id, note: "asks about pricing" }] } },
      ],
    });

    const started = await requestProjectInsights({ orgId: A.orgId, projectId: project.id, trigger: "manual" });
    expect(started.alreadyRunning).toBeUndefined();
    expect(await started.done).toEqual({ status: "success", failureReason: null });

    const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
    expect(run).toMatchObject({ kind: "project_insights", playbookSlug: "project-insighter", projectId: project.id, runner: FAKE_SLUG, status: "success" });
    const insights = await db.projectInsight.findMany({ where: { projectId: project.id } });
    expect(insights).toHaveLength(1);
    expect(insights[0]).toMatchObject({
      organizationId: A.orgId, runId: run.id, summaryMd, isStub: false,
      evidence: [{ draftId: drafts[0]!.id, note: "got a reply" }, { messageId: inbound.id, note: "asks about pricing" }],
    });
    expect(run.params).toMatchObject({ insightId: insights[0]!.id, stub: false });

    // What the agent read: the counts and a sample with citable ids.
    const events = await db.runEvent.findMany({ where: { runId: run.id, type: "tool_call_update" }, orderBy: { seq: "asc" } });
    const contextText = events.map((e) => (e.payload as { text?: string }).text ?? "").find((t) => t.includes('"draftCount"'))!;
    const context = JSON.parse(contextText);
    expect(context).toMatchObject({ project: { id: project.id, name: project.name }, draftCount: 6, sentCount: 3, replyCount: 1, enoughData: true });
    expect(context.recentDrafts.map((d: { id: number }) => d.id).sort()).toEqual(drafts.map((d) => d.id).sort());
    expect(context.recentMessages.map((m: { id: number; direction: string }) => [m.id, m.direction])).toContainEqual([inbound.id, "inbound"]);

    // The page's read: the latest brief and no live run.
    const res = await call(insightsRoute.GET, { cookie: A.cookie, params: { id: String(project.id) } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ running: false, liveRunId: null, insight: { id: insights[0]!.id, summaryMd, isStub: false, runId: run.id } });
    expect(res.json.insight.evidence).toHaveLength(2);
  });

  it("writes the stub 'Not enough data yet' under 5 drafts, whatever the agent submitted", async () => {
    const project = await projectOnFakeAgent(A.orgId);
    const { drafts } = await seedOutreach(A.orgId, project.id, 4);
    await scriptOrgPlaybook(A.orgId, "project-insighter", {
      steps: [{ tool: "project_insights_context" }, { tool: "project_insights", args: { summaryMd: "# A confident brief", evidence: [{ draftId: drafts[1]!.id }] } }],
    });
    const started = await requestProjectInsights({ orgId: A.orgId, projectId: project.id });
    expect(await started.done).toEqual({ status: "success", failureReason: null });
    const rows = await db.projectInsight.findMany({ where: { projectId: project.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ summaryMd: "Not enough data yet", isStub: true, evidence: [], runId: started.runId });
    const answer = await db.runEvent.findMany({ where: { runId: started.runId, type: "tool_call_update" } });
    expect(answer.some((e) => (e.payload as { text?: string }).text?.includes('"enoughData":false'))).toBe(true);
    expect(answer.some((e) => (e.payload as { text?: string }).text?.includes('"stub":true'))).toBe(true);
  });
});

describe("project_insights refuses evidence from outside the project", () => {
  it("another project's draft, another organization's draft or message: isError and nothing written; then a clean submit works", async () => {
    const project = await createProject(A.orgId);
    const own = await seedOutreach(A.orgId, project.id, 5);
    const sibling = await createProject(A.orgId);
    const siblingDraft = await createDraftRow(A.orgId, { projectId: sibling.id });
    const bProject = await createProject(B.orgId);
    const foreign = await seedOutreach(B.orgId, bProject.id, 5);
    const bound = await bindClient(A.orgId, { kind: "project_insights", projectId: project.id });

    const hint = ". Cite ids from project_insights_context.";
    for (const [evidence, refusal] of [
      [[{ draftId: own.drafts[0]!.id }, { draftId: siblingDraft.id }], `not_found: Draft ${siblingDraft.id} not found${hint}`],
      [[{ draftId: foreign.drafts[0]!.id }], `not_found: Draft ${foreign.drafts[0]!.id} not found${hint}`],
      [[{ messageId: foreign.inbound.id, note: "someone else's reply" }], `not_found: Message ${foreign.inbound.id} not found${hint}`],
      [[{ draftId: 2_000_000_000 }, { messageId: foreign.inbound.id }], `not_found: Draft 2000000000 and message ${foreign.inbound.id} not found${hint}`],
    ] as const) {
      const { isError, text } = await bound.callTool("project_insights", { summaryMd: "# Brief", evidence });
      expect(isError, text).toBe(true);
      expect(text).toBe(refusal);
      // The foreign row's content is never echoed back.
      expect(text).not.toContain(foreign.inbound.body);
    }
    expect(await db.projectInsight.count({ where: { projectId: { in: [project.id, sibling.id, bProject.id] } } })).toBe(0);
    expect((await db.run.findUniqueOrThrow({ where: { id: bound.run.id } })).status).toBe("running");

    // Bad arguments are clear refusals too.
    const noIds = await bound.callTool("project_insights", { summaryMd: "# Brief", evidence: [{ note: "no id" }] });
    expect(noIds.isError).toBe(true);
    expect(noIds.text).toMatch(/draftId or a messageId/);
    const empty = await bound.callTool("project_insights", { summaryMd: "   ", evidence: [] });
    expect(empty.isError).toBe(true);

    const ok = await bound.callTool("project_insights", { summaryMd: "# Brief", evidence: [{ draftId: own.drafts[2]!.id }, { messageId: own.outbound.id }] });
    expect(ok.isError, ok.text).toBe(false);
    expect(JSON.parse(ok.text)).toMatchObject({ stub: false });
    expect(await db.projectInsight.count({ where: { projectId: project.id } })).toBe(1);
    expect((await db.run.findUniqueOrThrow({ where: { id: bound.run.id } })).status).toBe("success");
    await bound.close();
  });

  it("other run kinds and runs without a project are refused", async () => {
    const project = await createProject(A.orgId);
    const campaignRun = await bindClient(A.orgId, { kind: "campaign", projectId: project.id });
    for (const tool of ["project_insights_context", "project_insights"]) {
      const { isError, text } = await campaignRun.callTool(tool, tool === "project_insights" ? { summaryMd: "x", evidence: [] } : {});
      expect(isError).toBe(true);
      expect(text).toBe(`conflict: ${tool} belongs to project_insights runs; this run is a campaign run`);
    }
    await campaignRun.close();
    const unbound = await bindClient(A.orgId, { kind: "project_insights", projectId: null });
    const { isError, text } = await unbound.callTool("project_insights_context");
    expect(isError).toBe(true);
    expect(text).toMatch(/^conflict: project_insights_context needs a run bound to a project/);
    await unbound.close();
    expect(await db.projectInsight.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe("the daily pass", () => {
  it("starts one run per active project and skips inactive, freshly briefed and recently tried projects", async () => {
    const C = await createOrg();
    await scriptOrgPlaybook(C.orgId, "project-insighter", {
      steps: [{ tool: "project_insights_context" }, { tool: "project_insights", args: { summaryMd: "# Daily brief", evidence: [] } }],
    });
    const active = await projectOnFakeAgent(C.orgId);
    await seedOutreach(C.orgId, active.id, 5);

    const inactive = await projectOnFakeAgent(C.orgId);
    const old = await seedOutreach(C.orgId, inactive.id, 5);
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3600_000);
    await db.draft.updateMany({ where: { id: { in: old.drafts.map((d) => d.id) } }, data: { createdAt: tenDaysAgo } });
    await db.conversationMessage.updateMany({ where: { threadId: old.thread.id }, data: { sentAt: tenDaysAgo } });

    // Only a message in the window keeps a project active too.
    const talking = await projectOnFakeAgent(C.orgId);
    const talk = await seedOutreach(C.orgId, talking.id, 5);
    await db.draft.updateMany({ where: { id: { in: talk.drafts.map((d) => d.id) } }, data: { createdAt: tenDaysAgo } });

    const fresh = await projectOnFakeAgent(C.orgId);
    await seedOutreach(C.orgId, fresh.id, 5);
    await db.projectInsight.create({ data: { organizationId: C.orgId, projectId: fresh.id, summaryMd: "# Earlier today", createdAt: new Date(Date.now() - 2 * 3600_000) } });

    const tried = await projectOnFakeAgent(C.orgId);
    await seedOutreach(C.orgId, tried.id, 5);
    await db.run.create({ data: { organizationId: C.orgId, projectId: tried.id, kind: "project_insights", runner: FAKE_SLUG, status: "failed", failureReason: "quota_exhausted", startedAt: new Date(Date.now() - 3 * 3600_000) } });

    const stale = await projectOnFakeAgent(C.orgId);
    await seedOutreach(C.orgId, stale.id, 5);
    await db.projectInsight.create({ data: { organizationId: C.orgId, projectId: stale.id, summaryMd: "# Yesterday", createdAt: new Date(Date.now() - 26 * 3600_000) } });

    const archived = await projectOnFakeAgent(C.orgId);
    await seedOutreach(C.orgId, archived.id, 5);
    await db.project.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });

    const first = await runDailyInsights({ now: new Date(), orgIds: [C.orgId] });
    expect(first.started.map((s) => s.projectId).sort()).toEqual([active.id, talking.id, stale.id].sort());
    expect(Object.fromEntries(first.skipped.map((s) => [s.projectId, s.reason]))).toEqual({
      [inactive.id]: "inactive",
      [fresh.id]: "fresh_insight",
      [tried.id]: "recent_run",
    });
    const outcomes = await Promise.all(first.started.map((s) => s.done));
    expect(outcomes.every((o) => o?.status === "success")).toBe(true);
    for (const s of first.started) {
      expect((await db.run.findUniqueOrThrow({ where: { id: s.runId } })).trigger).toBe("cron");
      expect(await db.projectInsight.count({ where: { projectId: s.projectId, runId: s.runId } })).toBe(1);
    }

    // A second pass the same day starts nothing: every brief is fresh now.
    const second = await runDailyInsights({ now: new Date(), orgIds: [C.orgId] });
    expect(second.started).toEqual([]);
    expect(second.skipped.filter((s) => s.reason === "fresh_insight").map((s) => s.projectId).sort()).toEqual([active.id, talking.id, stale.id, fresh.id].sort());

    // A day later the active projects are due again; the inactive one still is not.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const later = await runDailyInsights({ now: tomorrow, orgIds: [C.orgId] });
    expect(later.skipped.find((s) => s.projectId === inactive.id)?.reason).toBe("inactive");
    expect(later.started.map((s) => s.projectId)).toContain(active.id);
    await Promise.all(later.started.map((s) => s.done));
  });

  it("holds a project whose brief or brief run is 20-24 h old until a full day has passed (SPEC 8: one run per 24 h)", async () => {
    const E = await createOrg();
    await scriptOrgPlaybook(E.orgId, "project-insighter", {
      steps: [{ tool: "project_insights_context" }, { tool: "project_insights", args: { summaryMd: "# Daily brief", evidence: [] } }],
    });
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3600_000);
    const briefAged = async (h: number) => {
      const p = await projectOnFakeAgent(E.orgId);
      await seedOutreach(E.orgId, p.id, 5);
      await db.run.create({ data: { organizationId: E.orgId, projectId: p.id, kind: "project_insights", runner: FAKE_SLUG, status: "success", startedAt: hoursAgo(h + 0.1), finishedAt: hoursAgo(h) } });
      await db.projectInsight.create({ data: { organizationId: E.orgId, projectId: p.id, summaryMd: `# ${h} h ago`, createdAt: hoursAgo(h) } });
      return p;
    };
    const briefs = { 20.5: await briefAged(20.5), 22: await briefAged(22), 23.5: await briefAged(23.5), 24.5: await briefAged(24.5) };
    // A run that wrote nothing 21 h ago holds its project the same way.
    const failed = await projectOnFakeAgent(E.orgId);
    await seedOutreach(E.orgId, failed.id, 5);
    await db.run.create({ data: { organizationId: E.orgId, projectId: failed.id, kind: "project_insights", runner: FAKE_SLUG, status: "failed", failureReason: "quota_exhausted", startedAt: hoursAgo(21) } });

    const pass = await runDailyInsights({ now: new Date(now), orgIds: [E.orgId] });
    expect(pass.started.map((s) => s.projectId)).toEqual([briefs[24.5].id]);
    expect(Object.fromEntries(pass.skipped.map((s) => [s.projectId, s.reason]))).toEqual({
      [briefs[20.5].id]: "fresh_insight",
      [briefs[22].id]: "fresh_insight",
      [briefs[23.5].id]: "fresh_insight",
      [failed.id]: "recent_run",
    });
    await Promise.all(pass.started.map((s) => s.done));

    // The hourly job an hour later: only the brief that has now passed 24 h is due.
    const hourLater = await runDailyInsights({ now: new Date(now + 3600_000), orgIds: [E.orgId] });
    expect(hourLater.started.map((s) => s.projectId)).toEqual([briefs[23.5].id]);
    await Promise.all(hourLater.started.map((s) => s.done));
    expect(await db.run.count({ where: { organizationId: E.orgId, kind: "project_insights", startedAt: { gte: new Date(now - 60_000) } } })).toBe(2);
  });

  it("reports projects whose runner cannot run here instead of starting them", async () => {
    const D = await createOrg();
    const project = await projectOnFakeAgent(D.orgId, MISSING_SLUG);
    await seedOutreach(D.orgId, project.id, 5);
    const result = await runDailyInsights({ orgIds: [D.orgId] });
    expect(result.started).toEqual([]);
    expect(result.skipped).toEqual([expect.objectContaining({ projectId: project.id, reason: "runner_unavailable" })]);
    expect(await db.run.count({ where: { organizationId: D.orgId } })).toBe(0);
  });
});

describe("POST /api/projects/[id]/insights (Regenerate now)", () => {
  it("answers 202 with the run, 200 alreadyRunning while it is alive, and shows the new brief when it ends", async () => {
    const project = await projectOnFakeAgent(A.orgId);
    const { drafts } = await seedOutreach(A.orgId, project.id, 5);
    await scriptOrgPlaybook(A.orgId, "project-insighter", {
      steps: [
        { tool: "project_insights_context" },
        { sleep: 1500 },
        { tool: "project_insights", args: { summaryMd: "# Regenerated", evidence: [{ draftId: drafts[4]!.id }] } },
      ],
    });
    const before = await call(insightsRoute.GET, { cookie: A.cookie, params: { id: String(project.id) } });
    expect(before.json).toEqual({ insight: null, running: false, liveRunId: null, draftCount: 5, minimumDrafts: 5 });

    const first = await call(insightsRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(project.id) }, body: {} });
    expect(first.status).toBe(202);
    expect(first.json).toEqual({ runId: expect.any(Number) });
    const second = await call(insightsRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(project.id) } });
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ runId: first.json.runId, alreadyRunning: true });
    const during = await call(insightsRoute.GET, { cookie: A.cookie, params: { id: String(project.id) } });
    expect(during.json).toMatchObject({ running: true, liveRunId: first.json.runId });
    expect(await db.run.count({ where: { projectId: project.id, kind: "project_insights" } })).toBe(1);

    // Until the dispatcher's own end, not only the row's: the insights tool closes the run first, and the dispatcher's
    // last writes after it must not outlive the test file.
    await waitForRunEnd(first.json.runId);
    const after = await call(insightsRoute.GET, { cookie: A.cookie, params: { id: String(project.id) } });
    expect(after.json).toMatchObject({ running: false, insight: { summaryMd: "# Regenerated", runId: first.json.runId, evidence: [{ draftId: drafts[4]!.id }] } });
  });

  it("answers 422 runner_unavailable and writes nothing when the project's runner cannot run here", async () => {
    const project = await projectOnFakeAgent(A.orgId, MISSING_SLUG);
    const res = await call(insightsRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(project.id) }, body: { trigger: "manual" } });
    expect(res.status).toBe(422);
    expect(res.json.error).toBe("runner_unavailable");
    expect(await db.run.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("another organization's project is a 404 on both verbs", async () => {
    const project = await projectOnFakeAgent(A.orgId);
    for (const res of [
      await call(insightsRoute.GET, { cookie: B.cookie, params: { id: String(project.id) } }),
      await call(insightsRoute.POST, { cookie: B.cookie, method: "POST", params: { id: String(project.id) } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.error).toBe("not_found");
    }
    expect(await db.run.count({ where: { projectId: project.id } })).toBe(0);
  });
});
