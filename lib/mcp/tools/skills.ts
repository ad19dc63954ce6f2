// skill_generate_start / skill_review_history / skill_generate_finish: the campaign-skill-generator's contract (SPEC "Campaign tuning").
// Preview runs keep the generated profile on the run for the Tuning tab; apply runs write it to the campaign.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { getSkillGenerationContext } from "@/lib/skill-generation/get-skill-generation-context";
import { finishSkillGeneration } from "@/lib/skill-generation/finish-skill-generation";
import { SKILL_GENERATION_KIND, ZProfileRationaleList } from "@/lib/skill-generation/schemas";
import { getReviewHistory } from "@/lib/skill-generation/get-review-history";

export function registerSkillTools(server: McpServer, binding: RunBinding) {
  const { orgId, runId, campaignId } = binding;

  server.registerTool(
    "skill_generate_start",
    {
      title: "Read the campaign to profile",
      description:
        "Call first. Returns the mode (preview: your profile is shown to a person as a diff; apply: it is written to the " +
        "campaign), the campaign with its current profile, the project, its accounts and templates, and profileSchema: " +
        "the JSON Schema the profile you submit must match.",
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () =>
      runTool("skill_generate_start", async () => {
        requireRunKind(binding, "skill_generate_start", SKILL_GENERATION_KIND);
        return getSkillGenerationContext({ orgId, runId, campaignId });
      }),
  );

  server.registerTool(
    "skill_review_history",
    {
      title: "Read what reviewers did with this campaign's drafts",
      description:
        "The campaign's recent review history: counts, rejections with the reviewer's reason, edits reviewers made " +
        "before approving (before, after and a word diff: [-removed-]{+added+}), drafts approved as written, and sent " +
        "drafts that got a reply with the reply. Newest first. Use it to write a profile that answers what reviewers " +
        "keep correcting, and cite the draftId values behind each change in skill_generate_finish's rationale.",
      inputSchema: {
        weeks: z.number().int().min(1).max(52).optional().describe("How many weeks back (default 8)"),
        limit: z.number().int().min(1).max(50).optional().describe("At most this many of each kind (default 20)"),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ weeks, limit }) =>
      runTool("skill_review_history", async () => {
        requireRunKind(binding, "skill_review_history", SKILL_GENERATION_KIND);
        return getReviewHistory({ orgId, campaignId, weeks, limit });
      }),
  );

  server.registerTool(
    "skill_generate_finish",
    {
      title: "Submit the campaign profile",
      description:
        "Call once, last. Submits the profile (an object matching profileSchema) and ends the run. A profile that does " +
        "not match is refused with the reasons; fix it and call again.",
      inputSchema: {
        config: z.record(z.string(), z.unknown()).describe("The campaign profile, matching profileSchema from skill_generate_start"),
        rationale: ZProfileRationaleList.optional().describe(
          "One entry per change you made to the current profile: the field, what changed and why, and the draftIds from skill_review_history that motivated it",
        ),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ config, rationale }) =>
      runTool("skill_generate_finish", async () => {
        requireRunKind(binding, "skill_generate_finish", SKILL_GENERATION_KIND);
        return finishSkillGeneration({ orgId, runId, campaignId, config, rationale });
      }),
  );
}
