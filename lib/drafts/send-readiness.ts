// "Ready to send" (SPEC "Bulk inbox actions"): approved or armed, no placeholder body, and no future schedule.
export interface SendReadiness {
  ready: boolean;
  reason: string | null;
}

export function sendReadiness(
  draft: { state: string; draftingRunId: number | null; scheduledSendAfter: Date | string | null },
  now: Date = new Date(),
): SendReadiness {
  if (draft.state !== "approved" && draft.state !== "armed") return { ready: false, reason: `The draft is ${draft.state}` };
  if (draft.draftingRunId !== null) return { ready: false, reason: "The reply is still being drafted" };
  const after = draft.scheduledSendAfter ? new Date(draft.scheduledSendAfter) : null;
  if (after && after.getTime() > now.getTime()) return { ready: false, reason: `Scheduled for ${after.toISOString()}` };
  return { ready: true, reason: null };
}
