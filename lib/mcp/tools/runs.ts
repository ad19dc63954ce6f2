// run_start / run_finish: open and close the bound run (SPEC "Agent tool interface").
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { getRunContext } from "@/lib/runs/get-run-context";
import { closeRun } from "@/lib/runs/close-run";

export function registerRunTools(server: McpServer, binding: RunBinding) {
  server.registerTool(
    "run_start",
    {
      title: "Start the run",
      description:
        "Call first. Returns everything the playbook needs in one call: the campaign (platform, skill, config), the project, " +
        "the accounts to send from (the default account first), the blocklist, handles contacted recently (dedup window), " +
        "the handles that asked not to be contacted (optedOut: newest first, at most 200, with the total; drafts to them are refused) " +
        "and example templates of the kind this campaign drafts.",
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => runTool("run_start", () => getRunContext({ orgId: binding.orgId, runId: binding.runId })),
  );

  server.registerTool(
    "run_finish",
    {
      title: "Finish the run",
      description:
        "Call last, once. Closes the run as a success (zero drafts is a valid outcome) with a short summary of what was " +
        "looked at and drafted. After this call every tool of this run is closed.",
      inputSchema: {
        summary: z.string().trim().max(4000).optional().describe("Two or three sentences: what was researched, drafted and skipped, and why"),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ summary }) =>
      runTool("run_finish", async () => {
        // Other runs end through their own finish tool, which saves what they were started for.
        requireRunKind(binding, "run_finish", "campaign");
        return closeRun({ orgId: binding.orgId, runId: binding.runId, summary });
      }),
  );
}
