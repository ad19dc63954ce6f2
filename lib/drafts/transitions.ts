// The draft state machine: the one table every state change is checked against (docs/drafts.md explains it).
// SPEC section 3 lists approve, the variant cascade, armed, sent and replied; the rest are decisions written here.
import type { DraftKind, DraftState } from "@/lib/generated/prisma/enums";

export type DraftAction = "approve" | "reject" | "reopen" | "arm" | "send" | "reply" | "edit_body" | "reschedule" | "regenerate";

/** States a human still reviews: both are editable and approvable. */
export const REVIEW_STATES: readonly DraftState[] = ["pending_review", "proposed"];

const TABLE: Record<DraftAction, { from: readonly DraftState[]; to: DraftState | null }> = {
  approve: { from: REVIEW_STATES, to: "approved" },
  // Rejecting is possible until the draft has left the building: an approved or armed draft that was never sent
  // can still be withdrawn.
  reject: { from: [...REVIEW_STATES, "approved", "armed"], to: "rejected" },
  // Undo a review decision: an approved (unsent) or rejected draft goes back to the queue, e.g. to edit it; to the
  // review state it left (proposed stays proposed), see reopen-draft.ts.
  reopen: { from: ["approved", "rejected"], to: "pending_review" },
  // The extension arms a draft when its compose page opens; a human may send without approving first (SPEC 1.5).
  arm: { from: [...REVIEW_STATES, "approved", "armed"], to: "armed" },
  send: { from: [...REVIEW_STATES, "approved", "armed"], to: "sent" },
  reply: { from: ["sent"], to: "replied" },
  edit_body: { from: REVIEW_STATES, to: null },
  // Scheduling concerns drafts that are still to be sent.
  reschedule: { from: [...REVIEW_STATES, "approved", "armed"], to: null },
  regenerate: { from: REVIEW_STATES, to: null },
};

const VERB: Record<DraftAction, string> = {
  approve: "approved",
  reject: "rejected",
  reopen: "reopened",
  arm: "armed",
  send: "sent",
  reply: "marked replied",
  edit_body: "edited",
  reschedule: "rescheduled",
  regenerate: "regenerated",
};

/** Actions that need a finished body: a reply draft whose drafting run has not cleared is still a placeholder. */
const NEEDS_FINISHED_BODY: readonly DraftAction[] = ["approve", "arm", "send"];

/** Approving or sending one variant rejects its still-pending siblings (SPEC "A/B variants"). */
export const CASCADES_TO_VARIANTS: readonly DraftAction[] = ["approve", "send"];

export interface TransitionCheck {
  ok: boolean;
  to: DraftState | null;
  /** Why the action is refused, in words a reviewer understands. */
  reason?: string;
}

export function checkTransition(
  action: DraftAction,
  draft: { state: DraftState; kind: DraftKind; draftingRunId: number | null },
): TransitionCheck {
  const rule = TABLE[action];
  if (!rule.from.includes(draft.state)) {
    return { ok: false, to: null, reason: `A draft in state ${draft.state} cannot be ${VERB[action]}` };
  }
  if (draft.draftingRunId !== null && NEEDS_FINISHED_BODY.includes(action)) {
    return { ok: false, to: null, reason: "The reply is still being drafted; wait for its drafting run to finish" };
  }
  return { ok: true, to: rule.to };
}
