// The webhook events of draft decisions (docs/webhooks.md "Draft decisions"): draft.approved, draft.rejected and
// draft.sent, queued in the transaction that commits the transition, so an event exists exactly when the decision
// does, whichever path made it (PATCH, bulk approve, the extension, the variant cascade, auto-post). They are
// webhook-only: no notification row, nothing in the bell (docs/security.md, "Draft decision webhooks").
import type { Tx } from "@/lib/db/client";
import { actorColumns, type DraftActor } from "@/lib/drafts/actor";
import type { DraftAction } from "@/lib/drafts/transitions";
import { enqueueEventDeliveries } from "@/lib/webhooks/enqueue-deliveries";
import type { DraftEventType } from "@/lib/webhooks/event-types";

const EVENT_OF: Partial<Record<DraftAction, DraftEventType>> = { approve: "draft.approved", reject: "draft.rejected", send: "draft.sent" };

export function draftEventTypeOf(action: DraftAction): DraftEventType | null {
  return EVENT_OF[action] ?? null;
}

export interface DraftDecision {
  orgId: number;
  type: DraftEventType;
  /** The draft event that recorded the decision: its id keys the message (`evt_draft_<id>`). */
  event: { id: number; createdAt: Date };
  draft: { id: number; campaignId: number | null; projectId: number | null; runId: number | null };
  from: string;
  to: string;
  version: number;
  actor: DraftActor;
  /** What the decision carried: a reason, the winning variant, when it was sent, what the platform answered. */
  details?: Record<string, unknown>;
}

/** Fields of a decision's details a receiver gets, when present. */
const PASSED_ON = ["reason", "winnerDraftId", "sentAt", "post"] as const;

export async function emitDraftDecision(tx: Tx, d: DraftDecision): Promise<number> {
  const actor = actorColumns(d.actor);
  const extra = Object.fromEntries(PASSED_ON.flatMap((k) => (d.details?.[k] !== undefined ? [[k, d.details[k]]] : [])));
  return enqueueEventDeliveries(tx, {
    orgId: d.orgId,
    type: d.type,
    eventKey: `draft_${d.event.id}`,
    createdAt: d.event.createdAt,
    data: {
      draftId: d.draft.id,
      state: d.to,
      previousState: d.from,
      version: d.version,
      campaignId: d.draft.campaignId,
      projectId: d.draft.projectId,
      runId: d.draft.runId,
      actor: { type: actor.actorType, id: actor.actorId, label: actor.actorLabel },
      ...extra,
    },
  });
}
