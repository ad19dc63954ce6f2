import { db, type Tx } from "@/lib/db/client";
import type { DraftState } from "@/lib/generated/prisma/enums";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";

interface ApproveInput {
  orgId: number;
  id: number;
  version?: number;
  actor: DraftActor;
  reason?: string;
  /** A bulk selection's states (change-draft.ts). */
  expectStates?: readonly DraftState[];
}

/** pending_review/proposed -> approved; pending siblings of a variant group lose in the same transaction. */
export function commitApproval(tx: Tx, { orgId, id, version, actor, reason, expectStates }: ApproveInput) {
  return changeDraft(tx, { orgId, id, version, actor, expectStates, action: "approve", event: "approved", details: () => (reason ? { reason } : {}) });
}

export async function approveDraft(input: ApproveInput) {
  await db.$transaction((tx) => commitApproval(tx, input));
  return getDraftOrThrow({ orgId: input.orgId, id: input.id });
}
