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
import { ZReplyIntent } from "@/lib/replies/reply-intent";

export function registerReplyTools(server: McpServer, binding: RunBinding) {
  const { orgId, runId } = binding;

  server.registerTool(
    "reply_draft_start",
    {
      title: "Read the conversation to answer",
      description:
        "Call first. Returns the reply draft this run writes (a placeholder until you finish), the outbound draft the " +
        "person answered, the whole conversation oldest first (outbound = us, inbound = them; their messages carry the " +
        "intent sorted so far), the message you answer (`answering`), the platform, the persona you write as, and the " +
        "quality rubric to score your reply against.",
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
        "the rubric, and ends the run. Also say what the message you answer means (`intent`, with `intentConfidence` and a " +
        "one-line `intentReason`): it sorts the conversation for the reviewer. The reply then waits for a human to " +
        "approve, edit or reject it; nothing is sent.",
      inputSchema: {
        body: ZText.trim().min(1).max(40_000).describe("The reply, ready to send as is"),
        qualityScore: ZQualityScore,
        qualityReason: ZText.trim().max(1000).optional().describe("One or two sentences on the score"),
        qualityModel: ZText.trim().max(200).optional().describe("The model that judged the reply"),
        intent: ZReplyIntent.optional().describe(
          "What the person's message means: interested (wants it / next step), question (asks before deciding), not_now " +
          "(maybe later), not_interested (a polite no), out_of_office (away or an automatic reply), opt_out (asks not to be " +
          "contacted), other",
        ),
        intentConfidence: z.number().min(0).max(1).optional().describe("How sure you are of the intent, 0-1"),
        intentReason: ZText.trim().max(300).optional().describe("One line on why, in the person's words where possible"),
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
