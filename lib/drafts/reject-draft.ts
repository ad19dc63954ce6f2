import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";

/** Withdraws a draft that has not been sent (pending, approved or armed). */
export async function rejectDraft({ orgId, id, version, actor, reason }: { orgId: number; id: number; version?: number; actor: DraftActor; reason?: string }) {
  await db.$transaction((tx) =>
    changeDraft(tx, { orgId, id, version, actor, action: "reject", event: "rejected", details: () => (reason ? { reason } : {}) }),
  );
  return getDraftOrThrow({ orgId, id });
}
