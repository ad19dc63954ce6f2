// "Ready to send" (SPEC "Bulk inbox actions"): approved or armed, no placeholder body, no future schedule, and not
// held by the account's sending limits or an opt-out (docs/sending-limits.md) until its send-after time.
export interface SendReadiness {
  ready: boolean;
  reason: string | null;
}

export function sendReadiness(
  draft: {
    state: string; draftingRunId: number | null; scheduledSendAfter: Date | string | null;
    heldUntil?: Date | string | null; heldReason?: string | null;
  },
  now: Date = new Date(),
): SendReadiness {
  if (draft.state !== "approved" && draft.state !== "armed") return { ready: false, reason: `The draft is ${draft.state}` };
  if (draft.draftingRunId !== null) return { ready: false, reason: "The reply is still being drafted" };
  const after = draft.scheduledSendAfter ? new Date(draft.scheduledSendAfter) : null;
  if (after && after.getTime() > now.getTime()) return { ready: false, reason: `Scheduled for ${after.toISOString()}` };
  if (draft.heldReason) {
    const until = draft.heldUntil ? new Date(draft.heldUntil) : null;
    if (!until) return { ready: false, reason: `Held: ${draft.heldReason}` };
    if (until.getTime() > now.getTime()) return { ready: false, reason: `Held until ${until.toISOString()}: ${draft.heldReason}` };
  }
  return { ready: true, reason: null };
}
