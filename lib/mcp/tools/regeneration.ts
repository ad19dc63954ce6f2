// draft_regen_start / draft_regen_finish: the draft-regenerator's contract (SPEC "Per-playbook contracts"). The run
// is bound to one draft (runs.params.draftId); neither tool can reach another draft, and nothing is sent.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { ZQualityScore } from "@/lib/drafts/schemas";
import { getRegenerationContext } from "@/lib/drafts/get-regeneration-context";
import { completeRegeneration } from "@/lib/drafts/complete-regeneration";

const KIND = "draft_regeneration";

export function registerRegenerationTools(server: McpServer, binding: RunBinding) {
  const { orgId, runId } = binding;

  server.registerTool(
    "draft_regen_start",
    {
      title: "Read the draft to regenerate",
      description:
        "Call first. Returns the draft this run rewrites (body, kind, title), its target, the reviewer's hint (may be " +
        "null), earlier hints, the platform, the persona it is sent as, and the quality rubric to score the new body.",
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () =>
      runTool("draft_regen_start", async () => {
        requireRunKind(binding, "draft_regen_start", KIND);
        return getRegenerationContext({ orgId, runId });
      }),
  );

  server.registerTool(
    "draft_regen_finish",
    {
      title: "Save the regenerated body",
      description:
        "Call once, last. Replaces the draft's body (the previous one is kept so the reviewer can undo), stores your " +
        "0-100 quality score against the rubric, and ends the run. The draft stays in review; nothing is sent.",
      inputSchema: {
        body: ZText.trim().min(1).max(40_000).describe("The new body, ready to send as is"),
        title: ZText.trim().min(1).max(300).optional().describe("A new title, for posts only"),
        qualityScore: ZQualityScore,
        qualityReason: ZText.trim().max(1000).optional().describe("One or two sentences on the score"),
        qualityModel: ZText.trim().max(200).optional().describe("The model that judged the body"),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    (input) =>
      runTool("draft_regen_finish", async () => {
        requireRunKind(binding, "draft_regen_finish", KIND);
        return completeRegeneration({ orgId, runId, ...input });
      }),
  );
}
