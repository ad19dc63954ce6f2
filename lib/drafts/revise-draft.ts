// `drafts_update`: the agent revises a draft it may see (its campaign's, or its own) while it is still in review:
// the body, the variants' scores or the quality fields. The previous body is kept on the event. It never changes
// state: approving and sending stay with humans.
import { db } from "@/lib/db/client";
import { foundOrThrow } from "@/lib/http/errors";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { runDraftScope, type RunScope } from "@/lib/drafts/get-run-drafts";

export interface DraftRevision {
  id: number;
  version?: number;
  body?: string;
  title?: string;
  qualityScore?: number;
  qualityReason?: string;
  qualityModel?: string;
}

export async function reviseDraft(scope: RunScope, revision: DraftRevision) {
  const { orgId, runId } = scope;
  await db.$transaction(async (tx) => {
    const visible = await tx.draft.findFirst({ where: { id: revision.id, ...runDraftScope(scope) }, select: { id: true } });
    foundOrThrow("Draft", revision.id, visible);
    await changeDraft(tx, {
      orgId,
      id: revision.id,
      version: revision.version,
      actor: { type: "run", id: runId },
      action: "edit_body",
      event: "revised",
      data: () => ({
        ...(revision.body !== undefined ? { body: revision.body } : {}),
        ...(revision.title !== undefined ? { title: revision.title } : {}),
        ...(revision.qualityScore !== undefined ? { qualityScore: revision.qualityScore } : {}),
        ...(revision.qualityReason !== undefined ? { qualityReason: revision.qualityReason } : {}),
        ...(revision.qualityModel !== undefined ? { qualityModel: revision.qualityModel } : {}),
      }),
      details: (draft) => (revision.body !== undefined ? { previousBody: draft.body } : {}),
    });
  });
  return getDraftOrThrow({ orgId, id: revision.id });
}
