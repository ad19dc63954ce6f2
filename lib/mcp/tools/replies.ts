// reply_draft_start / reply_draft_finish: the reply-drafter's contract (SPEC "Per-playbook contracts"). The run is
// bound to one placeholder continuation (runs.params.draftId); neither tool can reach another draft, and nothing
// is sent: the continuation waits for a human like any draft.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { ZQualityScore } from "@/lib/drafts/schemas";
import { getReplyContext } from "@/lib/replies/get-reply-context";
import { completeReplyDrafting } from "@/lib/replies/complete-reply-drafting";
import { REPLY_DRAFTING_KIND } from "@/lib/replies/enqueue-reply-drafting";

export function registerReplyTools(server: McpServer, binding: RunBinding) {
  const { orgId, runId } = binding;

  server.registerTool(
    "reply_draft_start",
    {
      title: "Read the conversation to answer",
      description:
        "Call first. Returns the reply draft this run writes (a placeholder until you finish), the outbound draft the " +
        "person answered, the whole conversation oldest first (outbound = us, inbound = them), the platform, the " +
        "persona you write as, and the quality rubric to score your reply against.",
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () =>
      runTool("reply_draft_start", async () => {
        requireRunKind(binding, "reply_draft_start", REPLY_DRAFTING_KIND);
        return getReplyContext({ orgId, runId });
      }),
  );

  server.registerTool(
    "reply_draft_finish",
    {
      title: "Save the reply",
      description:
        "Call once, last. Writes one short continuation as the reply draft's body with your 0-100 quality score against " +
        "the rubric, and ends the run. The reply then waits for a human to approve, edit or reject it; nothing is sent.",
      inputSchema: {
        body: ZText.trim().min(1).max(40_000).describe("The reply, ready to send as is"),
        qualityScore: ZQualityScore,
        qualityReason: ZText.trim().max(1000).optional().describe("One or two sentences on the score"),
        qualityModel: ZText.trim().max(200).optional().describe("The model that judged the reply"),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    (input) =>
      runTool("reply_draft_finish", async () => {
        requireRunKind(binding, "reply_draft_finish", REPLY_DRAFTING_KIND);
        return completeReplyDrafting({ orgId, runId, ...input });
      }),
  );
}
