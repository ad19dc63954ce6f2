// project_insights_context / project_insights: the project-insighter's contract (SPEC "Per-playbook contracts").
// Only `project_insights` runs bound to a project may call them; the project comes from the run, never from the
// agent, and every id the brief cites is checked against that project of that organization.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { AppError } from "@/lib/http/errors";
import { getInsightsContext } from "@/lib/insights/get-insights-context";
import { submitProjectInsight } from "@/lib/insights/submit-project-insight";
import { INSIGHT_MIN_DRAFTS, INSIGHT_STUB_TEXT, ZProjectInsightsSubmission } from "@/lib/insights/schemas";

function projectOf(binding: RunBinding, tool: string): number {
  requireRunKind(binding, tool, "project_insights");
  if (binding.projectId === null) throw new AppError("conflict", `${tool} needs a run bound to a project; run ${binding.runId} has none`);
  return binding.projectId;
}

export function registerInsightTools(server: McpServer, binding: RunBinding) {
  server.registerTool(
    "project_insights_context",
    {
      title: "Read the project's outreach so far",
      description:
        "Call first. Returns the project (id, name, description), how many drafts it has (draftCount), how many were " +
        "sent (sentCount) and how many replies came back (replyCount), enoughData (false below " +
        `${INSIGHT_MIN_DRAFTS} drafts: the brief will be the stub "${INSIGHT_STUB_TEXT}"), and a sample of recent ` +
        "drafts and conversation messages with their ids, which the brief cites as evidence.",
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () =>
      runTool("project_insights_context", () =>
        getInsightsContext({ orgId: binding.orgId, projectId: projectOf(binding, "project_insights_context") }),
      ),
  );

  server.registerTool(
    "project_insights",
    {
      title: "Save the project brief",
      description:
        "Call last, once. Saves the brief (summaryMd, Markdown, shown to the team verbatim) with its evidence: the " +
        "drafts and messages it rests on, as [{draftId?, messageId?, note?}] using ids from project_insights_context. " +
        "Ids that are not drafts or messages of this project are refused and nothing is saved. Under " +
        `${INSIGHT_MIN_DRAFTS} drafts the saved brief is the stub "${INSIGHT_STUB_TEXT}" whatever you send. ` +
        "Closes the run as a success; answers {insightId, stub}.",
      inputSchema: ZProjectInsightsSubmission,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ summaryMd, evidence }) =>
      runTool("project_insights", () =>
        submitProjectInsight({ orgId: binding.orgId, runId: binding.runId, projectId: projectOf(binding, "project_insights"), summaryMd, evidence }),
      ),
  );
}
