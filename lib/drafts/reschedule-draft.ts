import type { DraftState } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";

/** Sets (or clears) scheduled_send_after on a draft still to be sent; a future value means not ready to send. */
export async function rescheduleDraft(
  { orgId, id, version, actor, sendAfter, expectStates }: {
    orgId: number; id: number; version?: number; actor: DraftActor; sendAfter: Date | null; expectStates?: readonly DraftState[];
  },
) {
  await db.$transaction((tx) =>
    changeDraft(tx, {
      orgId, id, version, actor, expectStates, action: "reschedule", event: "rescheduled",
      data: () => ({ scheduledSendAfter: sendAfter }),
      details: (draft) => ({
        previousSendAfter: draft.scheduledSendAfter?.toISOString() ?? null,
        sendAfter: sendAfter?.toISOString() ?? null,
      }),
    }),
  );
}
