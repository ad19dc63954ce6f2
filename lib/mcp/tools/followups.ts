// followup_draft_start / followup_draft_finish: the follow-up drafter's contract (docs/sequences.md, issue 40). The run
// is bound to one placeholder follow-up (runs.params.draftId); neither tool can reach another draft, and nothing is
// sent: the follow-up waits for a human like any draft.
import { ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { ZQualityScore } from "@/lib/drafts/schemas";
import { getFollowupContext } from "@/lib/followups/get-followup-context";
import { completeFollowupDrafting } from "@/lib/followups/complete-followup-drafting";
import { FOLLOWUP_DRAFTING_KIND } from "@/lib/followups/enqueue-followup-drafting";

export function registerFollowupTools(server: McpServer, binding: RunBinding) {
  const { orgId, runId } = binding;

  server.registerTool(
    "followup_draft_start",
    {
      title: "Read the messages to follow up on",
      description:
        "Call first. Returns the follow-up draft this run writes (a placeholder until you finish, with its step: " +
        "`step` of `of`), the person it goes to, every earlier message of the sequence oldest first (outbound = us; " +
        "inbound = an automatic or out-of-office notice of theirs, never a real answer), the step's guidance from the " +
        "campaign, the platform, the persona you write as, and the quality rubric to score against.",
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () =>
      runTool("followup_draft_start", async () => {
        requireRunKind(binding, "followup_draft_start", FOLLOWUP_DRAFTING_KIND);
        return getFollowupContext({ orgId, runId });
      }),
  );

  server.registerTool(
    "followup_draft_finish",
    {
      title: "Save the follow-up",
      description:
        "Call once, last. Writes one short follow-up as the draft's body with your 0-100 quality score against the " +
        "rubric, and ends the run. The follow-up then waits for a human to approve, edit or reject it; nothing is sent.",
      inputSchema: {
        body: ZText.trim().min(1).max(40_000).describe("The follow-up, ready to send as is"),
        qualityScore: ZQualityScore,
        qualityReason: ZText.trim().max(1000).optional().describe("One or two sentences on the score"),
        qualityModel: ZText.trim().max(200).optional().describe("The model that judged the follow-up"),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    (input) =>
      runTool("followup_draft_finish", async () => {
        requireRunKind(binding, "followup_draft_finish", FOLLOWUP_DRAFTING_KIND);
        return completeFollowupDrafting({ orgId, runId, ...input });
      }),
  );
}
