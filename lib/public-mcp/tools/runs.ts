// Campaign runs for external agents: start one as POST /api/run does, and follow it (status, failure, cost, log).
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { getRun } from "@/lib/runs/get-run";
import { listRunEvents } from "@/lib/runs/list-run-events";
import { toolServerUrl } from "@/lib/runners/tool-server-url";
import { runPublicTool } from "@/lib/public-mcp/public-tool-result";
import { requireWritableKey, ZRowId } from "@/lib/public-mcp/key-scope";

// A page of the log, smaller by default than the route's 5000: the whole page lands in the agent's context.
const DEFAULT_EVENT_PAGE = 200;

export function registerPublicRunTools(server: McpServer, caller: ApiKeyCaller) {
  const { orgId } = caller;

  server.registerTool(
    "run_start",
    {
      title: "Start a campaign run",
      description:
        "Starts a run of one of this organization's campaigns: the campaign's agent looks for people and writes drafts " +
        "for review (nothing is sent). A campaign has at most one live run: if one is running, answers it with " +
        "alreadyRunning true instead of starting another. Answers {runId, alreadyRunning?}; follow it with run_get. " +
        "Fails with runner_unavailable when the campaign's runner cannot run on this instance, plan_limit when the " +
        "plan's cloud minutes are spent.",
      inputSchema: { campaignId: ZRowId.describe("The campaign id") },
      annotations: { title: "Start a campaign run", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ campaignId }) =>
      runPublicTool("run_start", async () => {
        requireWritableKey(caller);
        // The route's call, with "api" as the trigger so the run list shows an integration started it. The run goes
        // on in the background; like the route, the tool answers as soon as it is committed.
        const { runId, alreadyRunning } = await startCampaignRun({ orgId, campaignId, trigger: "api", toolServerUrl: toolServerUrl() });
        return alreadyRunning ? { runId, alreadyRunning } : { runId };
      }),
  );

  server.registerTool(
    "run_get",
    {
      title: "Read a run",
      description:
        "One run of this organization: status (running, success, failed), failureReason and error when it failed, " +
        "cost and tokens when known, draftCount; plus a page of its log events in order. Answers {run, events, " +
        "hasMore, nextAfterSeq}: to read on (or poll a live run), call again with afterSeq = nextAfterSeq.",
      inputSchema: {
        runId: ZRowId.describe("The run id"),
        afterSeq: z.number().int().min(0).max(2_147_483_647).optional().describe("Only events after this sequence number"),
        limit: z.number().int().min(1).max(1000).optional().describe(`Events per page, 1-1000 (default ${DEFAULT_EVENT_PAGE})`),
      },
      annotations: { title: "Read a run", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ runId, afterSeq, limit }) =>
      runPublicTool("run_get", async () => {
        // getRun first: another organization's run is refused before its log is touched.
        const run = await getRun({ orgId, runId });
        const { events, hasMore } = await listRunEvents({ orgId, runId, afterSeq, limit: limit ?? DEFAULT_EVENT_PAGE });
        const last = events[events.length - 1];
        return { run, events, hasMore, nextAfterSeq: last ? last.seq : (afterSeq ?? 0) };
      }),
  );
}
