// A reply from the person ends their follow-ups (docs/sequences.md), in the transaction that records it: every
// message of theirs still waiting for a follow-up, in any campaign, stops waiting (reason `replied`, or
// `not_interested` / `opted_out` by what the reply says), and every follow-up to them not yet sent is withdrawn:
// rejected with reason `replied`, which the inbox shows. An out-of-office notice is not an answer: with a return date,
// the next follow-up waits until the day after it (and an unsent one is rescheduled there); without one, nothing changes.
import type { Tx } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import type { ReplyIntent } from "@/lib/replies/reply-intent";
import { outOfOfficeUntil } from "@/lib/followups/out-of-office-date";

/** States of a follow-up that has not left yet; an armed one is open on a compose page and left to the person there. */
const UNSENT = ["pending_review", "proposed", "approved"] as const;

export interface FollowupsOnReply {
  withdrawn: number[];
  ended: number;
  /** Set for an out-of-office notice with a return date. */
  notBefore: Date | null;
}

export async function stopFollowupsOnReply(
  tx: Tx,
  input: { orgId: number; platform: string; person: string; intent: ReplyIntent; body: string; sentAt: Date; now: Date; actor: DraftActor },
): Promise<FollowupsOnReply> {
  const { orgId, platform, now } = input;
  const person = canonicalHandle(input.person);
  if (input.intent === "out_of_office") {
    const notBefore = outOfOfficeUntil(input.body, input.sentAt);
    if (!notBefore) return { withdrawn: [], ended: 0, notBefore: null };
    // Waiting messages are armed again with the later date; unsent follow-ups wait for it too.
    await tx.$executeRaw`
      UPDATE drafts SET followup_not_before = ${notBefore}, followup_due_at = NULL
       WHERE organization_id = ${orgId} AND platform = ${platform} AND lower(target_user) = ${person}
         AND followup_closed_at IS NULL AND state IN ('sent', 'replied') AND kind NOT IN ('post', 'reply_dm', 'reply_comment')`;
    await tx.$executeRaw`
      UPDATE drafts SET scheduled_send_after = ${notBefore}
       WHERE organization_id = ${orgId} AND platform = ${platform} AND lower(target_user) = ${person}
         AND kind IN ('followup_dm', 'followup_comment') AND state IN ('pending_review', 'proposed', 'approved')
         AND (scheduled_send_after IS NULL OR scheduled_send_after < ${notBefore})`;
    return { withdrawn: [], ended: 0, notBefore };
  }

  const reason = input.intent === "not_interested" ? "not_interested" : input.intent === "opt_out" ? "opted_out" : "replied";
  const ended = await tx.$executeRaw`
    UPDATE drafts SET followup_closed_at = ${now}, followup_stop_reason = ${reason}, followup_due_at = NULL
     WHERE organization_id = ${orgId} AND platform = ${platform} AND lower(target_user) = ${person}
       AND followup_closed_at IS NULL AND state IN ('sent', 'replied') AND kind NOT IN ('post', 'reply_dm', 'reply_comment')`;
  const pending = await tx.$queryRaw<Array<{ id: number }>>`
    SELECT id FROM drafts
     WHERE organization_id = ${orgId} AND platform = ${platform} AND lower(target_user) = ${person}
       AND kind IN ('followup_dm', 'followup_comment') AND state IN ('pending_review', 'proposed', 'approved')
     ORDER BY id`;
  const withdrawn: number[] = [];
  for (const { id } of pending) {
    await changeDraft(tx, {
      orgId, id, actor: input.actor, action: "reject", event: "rejected",
      expectStates: UNSENT,
      // The drafting run, if still at work, finds its placeholder gone (its finish is refused) and fails.
      data: () => ({ withdrawnReason: "replied", draftingRunId: null }),
      details: () => ({ reason: "replied", withdrawn: true }),
    });
    withdrawn.push(id);
  }
  return { withdrawn, ended, notBefore: null };
}
