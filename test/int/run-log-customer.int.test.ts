// What leaves the server about a run in the cloud edition (docs/runs.md, "What the customer is sent"): a real agent
// process is started by the dispatcher (its command line and session id are stored whole), then the events the run
// page, GET /api/runs/[id]/events, the audit feed and the run:log stream receive carry no command line, server path or
// session id. A self-hosted install (the user is the operator) still reads them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[id]/events/route";
import * as auditRoute from "@/app/api/audit/route";
import { db } from "@/lib/db/client";
import { hydrateNotices } from "@/lib/events/hydrate-notices";
import { listRunEvents } from "@/lib/runs/list-run-events";
import { dispatchRun } from "@/lib/runners/dispatch-run";
import { FAKE_AGENT, registerFakeBackends, runningRun, scriptedCampaign, serveRoute } from "./agent-harness";
import { createOrg, type OrgFixture } from "./fixtures";
import { call } from "./http";
import { withEnv } from "./org-fixtures";

let A: OrgFixture;
let mcp: { url: string; close: () => Promise<void> };
let runId: number;

// What must never reach a cloud customer's browser, found in the stored log of a real run.
const MACHINERY = [FAKE_AGENT, process.execPath, /fake-session-[0-9a-f-]{8,}/, /outreach-run-\d+-/];

function leaks(text: string): string[] {
  return MACHINERY.filter((m) => (typeof m === "string" ? text.includes(m) : m.test(text))).map(String);
}

beforeAll(async () => {
  await registerFakeBackends();
  mcp = await serveRoute(mcpRoute.POST);
  A = await createOrg();
  const script = {
    steps: [
      { say: "Looking at the brief first" },
      { tool: "run_start" },
      { stderr: `warning: cache at /tmp/agent-cache/${"x".repeat(4)} is stale` },
      { reportCwd: true },
      { tool: "contact_history_check", args: { handles: ["ana", "bo"] } },
      { tool: "run_finish", args: { summary: "Nobody new to write to today." } },
    ],
  };
  const { campaign } = await scriptedCampaign(A.orgId, script);
  const { run, token } = await runningRun(A.orgId, { kind: "campaign", campaignId: campaign.id, projectId: campaign.projectId, script });
  runId = run.id;
  expect(await dispatchRun({ orgId: A.orgId, runId, token, toolServerUrl: mcp.url, timeoutMs: 20_000 })).toEqual({ status: "success", failureReason: null });
});

afterAll(async () => {
  await mcp?.close();
});

describe("a run's log as its viewer receives it", () => {
  it("is stored whole: the command line, the session id and the agent's working folder are in the database", async () => {
    const stored = JSON.stringify(await db.runEvent.findMany({ where: { runId }, select: { payload: true } }));
    expect(leaks(stored).length).toBeGreaterThanOrEqual(3);
  });

  it("cloud edition: the page's read, the API, the audit feed and the stream carry no command line, server path or session id", async () => {
    await withEnv({ OUTREACH_EDITION: "cloud" }, async () => {
      const page = await listRunEvents({ orgId: A.orgId, runId });
      expect(page.events.length).toBeGreaterThan(10);
      expect(leaks(JSON.stringify(page.events))).toEqual([]);
      expect(page.events.find((e) => e.payload.phase === "spawned")?.payload).not.toHaveProperty("detail");
      // The words of what the agent did are untouched.
      expect(JSON.stringify(page.events)).toContain("Nobody new to write to today.");

      const api = await call(runEventsRoute.GET, { cookie: A.cookie, path: `/api/runs/${runId}/events`, params: { id: String(runId) } });
      expect(api.status).toBe(200);
      expect(leaks(JSON.stringify(api.json))).toEqual([]);

      const audit = await call(auditRoute.GET, { cookie: A.cookie, path: `/api/audit?run=${runId}&limit=200` });
      expect(audit.status).toBe(200);
      expect(audit.json.rows.length).toBeGreaterThan(10);
      expect(leaks(JSON.stringify(audit.json))).toEqual([]);

      const ids = (await db.runEvent.findMany({ where: { runId }, select: { id: true } })).map((e) => e.id);
      const streamed = await hydrateNotices(ids.map((eventId) => ({ o: A.orgId, t: "run:log" as const, eventId })));
      expect(streamed).toHaveLength(ids.length);
      expect(leaks(JSON.stringify(streamed))).toEqual([]);
    });
  });

  it("self-hosted: the operator reads the command line and the session", async () => {
    await withEnv({ OUTREACH_EDITION: undefined }, async () => {
      const page = await listRunEvents({ orgId: A.orgId, runId });
      expect(page.events.find((e) => e.payload.phase === "spawned")?.payload.detail).toContain(FAKE_AGENT);
      expect(page.events.find((e) => e.payload.phase === "session_created")?.payload.detail).toMatch(/^fake-session-/);
    });
  });
});
