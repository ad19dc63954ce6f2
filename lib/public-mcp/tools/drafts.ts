// The review inbox for external agents: list and read drafts, approve, reject or edit one (optimistic-locked on the
// version the agent read), approve many. The same domain calls as /api/drafts*, always in the key's organization.
// Nothing here sends: an approved draft still goes out through the extension or a manual send.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { DRAFT_KINDS, DRAFT_SORTS, DRAFT_STATES, ZBulkIds, ZListDraftsQuery, ZPatchDraftBody, type ListDraftsQuery } from "@/lib/drafts/schemas";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { listDrafts } from "@/lib/drafts/list-drafts";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { rejectDraft } from "@/lib/drafts/reject-draft";
import { editDraftBody } from "@/lib/drafts/edit-draft-body";
import { bulkApproveDrafts } from "@/lib/drafts/bulk-approve-drafts";
import { runPublicTool } from "@/lib/public-mcp/public-tool-result";
import { keyActor, requireWritableKey, ZRowId } from "@/lib/public-mcp/key-scope";

// The body and reason rules of PATCH /api/drafts/[id], so the tool and the route refuse the same input.
const [ZBodyEdit, ZTransition] = ZPatchDraftBody.options;

/**
 * Unlike PATCH /api/drafts/[id], where the version is optional, every write tool requires it: an agent acting
 * without having read the draft is exactly the overwrite the lock exists to stop.
 */
const ZVersion = z.number().int().min(1).max(2_147_483_647).describe("The draft's version as you last read it (optimistic lock)");

const ZListInput = {
  state: z.array(z.enum(DRAFT_STATES)).min(1).max(DRAFT_STATES.length).optional().describe("Only drafts in any of these states, e.g. [\"pending_review\"]"),
  kind: z.array(z.enum(DRAFT_KINDS)).min(1).max(DRAFT_KINDS.length).optional().describe("Only drafts of any of these kinds"),
  campaign: ZRowId.optional().describe("Only drafts of this campaign"),
  project: ZRowId.optional().describe("Only drafts of this project"),
  platform: z.enum(PLATFORMS).optional().describe("Only drafts for this platform"),
  minQuality: z.number().int().min(0).max(100).optional().describe("Only drafts scored at least this (0-100)"),
  sort: z.enum(DRAFT_SORTS).optional().describe("newest (default), oldest, quality_desc or quality_asc"),
  cursor: ZText.max(200).optional().describe("nextCursor of the previous page"),
  limit: z.number().int().min(1).max(200).optional().describe("Page size, 1-200 (default 50)"),
};

type ListInput = { [K in keyof typeof ZListInput]: z.infer<(typeof ZListInput)[K]> };

/**
 * The tool's JSON filters written as GET /api/drafts' query string and parsed by the route's own schema, so the two
 * can never drift apart: same defaults, same bounds, same meaning.
 */
function inboxQuery(input: ListInput): ListDraftsQuery {
  return ZListDraftsQuery.parse({
    state: input.state?.join(","),
    kind: input.kind?.join(","),
    campaign: input.campaign,
    project: input.project,
    platform: input.platform,
    minQuality: input.minQuality,
    sort: input.sort,
    cursor: input.cursor,
    limit: input.limit,
  });
}

export function registerPublicDraftTools(server: McpServer, caller: ApiKeyCaller) {
  const { orgId } = caller;

  server.registerTool(
    "drafts_list",
    {
      title: "List drafts",
      description:
        "The review inbox: this organization's drafts with their id, version, state, kind, target, body and quality " +
        "score. Follow-ups on silence are kinds followup_dm and followup_comment, with `followup` ({step, of, " +
        "followsDraftId}); a draft the system withdrew says why in `withdrawnReason`. Filters combine (AND); sort is newest by default. Answers {drafts, nextCursor}: pass nextCursor back " +
        "with the same filters for the next page; null means the last page.",
      inputSchema: ZListInput,
      annotations: { title: "List drafts", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (input) => runPublicTool("drafts_list", () => listDrafts({ orgId, query: inboxQuery(input) })),
  );

  server.registerTool(
    "drafts_get",
    {
      title: "Read a draft",
      description: "One draft of this organization with its current version (pass that version to the write tools).",
      inputSchema: { id: ZRowId.describe("The draft id") },
      annotations: { title: "Read a draft", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ id }) => runPublicTool("drafts_get", () => getDraftOrThrow({ orgId, id })),
  );

  server.registerTool(
    "draft_approve",
    {
      title: "Approve a draft",
      description:
        "Approves a draft waiting for review (pending_review or proposed); approving one A/B variant rejects its pending " +
        "siblings. Nothing is sent. On a stale version the call fails with version_conflict and the text carries " +
        '{"error":"version_conflict","current_version":N}: re-read the draft and retry with N if it should still be ' +
        "approved. Answers the updated draft.",
      inputSchema: { id: ZRowId.describe("The draft id"), version: ZVersion },
      annotations: { title: "Approve a draft", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ id, version }) =>
      runPublicTool("draft_approve", async () => {
        requireWritableKey(caller);
        return approveDraft({ orgId, id, version, actor: keyActor(caller) });
      }),
  );

  server.registerTool(
    "draft_reject",
    {
      title: "Reject a draft",
      description:
        "Rejects a draft that has not been sent (pending, approved or armed), with an optional reason kept on the " +
        "draft's history. Optimistic-locked like draft_approve: a stale version fails with version_conflict and " +
        "current_version. Answers the updated draft.",
      inputSchema: {
        id: ZRowId.describe("The draft id"),
        version: ZVersion,
        reason: ZTransition.shape.reason,
      },
      annotations: { title: "Reject a draft", readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ id, version, reason }) =>
      runPublicTool("draft_reject", async () => {
        requireWritableKey(caller);
        return rejectDraft({ orgId, id, version, reason, actor: keyActor(caller) });
      }),
  );

  server.registerTool(
    "draft_edit",
    {
      title: "Edit a draft's body",
      description:
        "Replaces the body of a draft still waiting for review (pending_review or proposed); the previous body is kept " +
        "on the draft's history. Optimistic-locked like draft_approve. Answers the updated draft with its new version.",
      inputSchema: {
        id: ZRowId.describe("The draft id"),
        version: ZVersion,
        body: ZBodyEdit.shape.body.describe("The new body (1-40000 characters)"),
      },
      // Destructive in MCP's sense: the body is replaced, not added to (the old one survives only in the history).
      annotations: { title: "Edit a draft's body", readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ id, version, body }) =>
      runPublicTool("draft_edit", async () => {
        requireWritableKey(caller);
        return editDraftBody({ orgId, id, version, body, actor: keyActor(caller) });
      }),
  );

  server.registerTool(
    "drafts_bulk_approve",
    {
      title: "Approve many drafts",
      description:
        "Approves up to 500 drafts, each on its own and without a version check (the review equivalent of selecting " +
        "them in the inbox). One bad id never fails the call: answers {results: [{id, status, reason?}]} where status " +
        "is approved, skipped (with the reason, e.g. already sent) or not_found.",
      inputSchema: { ids: ZBulkIds.describe("Draft ids (1-500)") },
      annotations: { title: "Approve many drafts", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ ids }) =>
      runPublicTool("drafts_bulk_approve", async () => {
        requireWritableKey(caller);
        return bulkApproveDrafts({ orgId, target: { ids }, actor: keyActor(caller) });
      }),
  );
}
