import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";

/** Takes back a review decision: an approved (unsent) or rejected draft returns to pending_review. */
export async function reopenDraft({ orgId, id, version, actor, reason }: { orgId: number; id: number; version?: number; actor: DraftActor; reason?: string }) {
  await db.$transaction((tx) =>
    changeDraft(tx, { orgId, id, version, actor, action: "reopen", event: "reopened", details: () => (reason ? { reason } : {}) }),
  );
  return getDraftOrThrow({ orgId, id });
}
