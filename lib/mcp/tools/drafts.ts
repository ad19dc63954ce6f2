// drafts_create / drafts_get / drafts_update: the agent's draft CRUD. Creation goes through the one creation path
// (blocklist, dedup, variants, quality); reading and revising are limited to the run's campaign (or the run's own
// drafts). Creating and revising belong to campaign runs: a contract run (regeneration, reply drafting) writes only
// through its own finish tool. No tool approves or sends.
import { z } from "zod";
import { ZDbId, ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { createDrafts } from "@/lib/drafts/create-drafts";
import { getRunDrafts } from "@/lib/drafts/get-run-drafts";
import { reviseDraft } from "@/lib/drafts/revise-draft";
import { DRAFT_STATES, ZDraftEntry, ZQualityScore } from "@/lib/drafts/schemas";

export function registerDraftTools(server: McpServer, binding: RunBinding) {
  const scope = { orgId: binding.orgId, runId: binding.runId, campaignId: binding.campaignId };

  server.registerTool(
    "drafts_create",
    {
      title: "Create drafts",
      description:
        "Saves drafts for human review (nothing is sent). Each entry: accountId (from run_start; leave it out when run_start's " +
        "sendAccounts lists the accounts the campaign sends from, and one is chosen at send time), kind (dm, post, " +
        "post_comment), targetUser, body, optional variants (alternative bodies become A/B siblings), and the required " +
        "qualityScore 0-100 you gave the body against the rubric (from run_start), with qualityReason. An entry without " +
        "a qualityScore refuses the whole call. Answers the created drafts (each with index, its entry's position in " +
        "entries, and, for variant siblings, variantGroupId and variantLabel), entries skipped by " +
        "the blocklist or because the person opted out (skipped, with the reason) and by contact dedup (dedupSkipped). An accountId that is not one of run_start's " +
        "accounts refuses the whole call with not_found.",
      inputSchema: { entries: z.array(ZDraftEntry).min(1).max(200).describe("Up to 200 drafts") },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ entries }) =>
      runTool("drafts_create", async () => {
        requireRunKind(binding, "drafts_create", "campaign");
        const result = await createDrafts({
          orgId: binding.orgId,
          campaignId: binding.campaignId,
          runId: binding.runId,
          actor: { type: "run", id: binding.runId },
          entries,
          refuseForeignAccounts: true,
        });
        // `index` is the entry's position in `entries`: it is how an agent matches what it sent to what was made
        // (an entry can be skipped, and one with variants makes several drafts). A variant sibling also carries its
        // group id; a draft without variants has none to give.
        return {
          created: result.created.map((c) => ({
            index: c.index,
            id: c.id,
            targetUser: c.targetUser,
            kind: c.kind,
            ...(c.variantGroupId ? { variantGroupId: c.variantGroupId } : {}),
            variantLabel: c.variantLabel,
            dedupWarning: c.dedupWarning,
          })),
          skipped: result.skipped,
          dedupSkipped: result.dedupSkipped,
        };
      }),
  );

  server.registerTool(
    "drafts_get",
    {
      title: "Read drafts",
      description:
        "Reads drafts of this campaign (or, for a run without a campaign, this run's own drafts): by ids, or the latest " +
        "ones. An id that is not such a draft refuses the call with not_found.",
      inputSchema: {
        ids: z.array(ZDbId).min(1).max(100).optional().describe("Draft ids; omit for the latest"),
        state: z.enum(DRAFT_STATES).optional().describe("Only drafts in this state"),
        limit: z.number().int().min(1).max(100).optional().describe("How many of the latest (default 20)"),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ ids, state, limit }) => runTool("drafts_get", () => getRunDrafts(scope, { ids, state, limit: limit ?? 20 })),
  );

  server.registerTool(
    "drafts_update",
    {
      title: "Revise a draft",
      description:
        "Rewrites the body, title or quality score of a draft that is still waiting for review (pending_review or proposed). " +
        "Never changes its state. Pass the version you read to avoid overwriting a reviewer's edit.",
      inputSchema: {
        id: ZDbId.describe("The draft id"),
        version: z.number().int().min(1).optional().describe("The version you read (optimistic lock)"),
        body: ZText.trim().min(1).max(40_000).optional(),
        title: ZText.trim().min(1).max(300).optional(),
        qualityScore: ZQualityScore.optional(),
        qualityReason: ZText.trim().max(1000).optional(),
        qualityModel: ZText.trim().max(200).optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    (revision) =>
      runTool("drafts_update", async () => {
        requireRunKind(binding, "drafts_update", "campaign");
        return reviseDraft(scope, revision);
      }),
  );
}
