import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";

/** pending_review/proposed -> approved; pending siblings of a variant group lose in the same transaction. */
export async function approveDraft({ orgId, id, version, actor, reason }: { orgId: number; id: number; version?: number; actor: DraftActor; reason?: string }) {
  await db.$transaction((tx) =>
    changeDraft(tx, { orgId, id, version, actor, action: "approve", event: "approved", details: () => (reason ? { reason } : {}) }),
  );
  return getDraftOrThrow({ orgId, id });
}
