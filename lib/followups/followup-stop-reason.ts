// Why a due follow-up must not be drafted (docs/sequences.md "What stops a sequence"), checked under the message's row
// lock just before drafting: the same refusals a first message meets (erasure, opt-out, blocklist, dedup), and the
// ones only a sequence has (the person answered on any thread, said no, the message was removed, the campaign paused).
import type { Tx } from "@/lib/db/client";
import type { DedupWarning } from "@/lib/drafts/draft-view";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";
import { findSuppressed } from "@/lib/privacy/find-suppressed";

export const STOP_REASONS = [
  "replied", "not_interested", "opted_out", "blocklisted", "suppressed", "removed", "campaign_paused", "last_step", "too_late",
  "contacted_elsewhere",
] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** In a person's words, for the inbox and the docs. */
export const STOP_REASON_LABELS: Record<StopReason, string> = {
  replied: "they replied",
  not_interested: "they said they are not interested",
  opted_out: "they asked not to be contacted",
  blocklisted: "they are on the blocklist",
  suppressed: "they asked for their data to be erased",
  removed: "the earlier message was removed",
  campaign_paused: "the campaign was paused",
  last_step: "that was the last step",
  too_late: "the step was over a week overdue when follow-ups were switched on",
  contacted_elsewhere: "they were contacted by another message meanwhile",
};

export interface WaitingMessage {
  id: number;
  organizationId: number;
  platform: string;
  projectId: number | null;
  targetUser: string;
  targetCommunity: string | null;
  sentAt: Date | null;
  createdAt: Date;
  visibility: string | null;
}

export type StopCheck = { stop: StopReason } | { stop: null; dedupWarning: DedupWarning | null };

export async function followupStopReason(
  tx: Tx,
  { message, chainIds, dedup, now }: { message: WaitingMessage; chainIds: number[]; dedup: { mode: string; window_days: number }; now: Date },
): Promise<StopCheck> {
  const orgId = message.organizationId;
  const person = canonicalHandle(message.targetUser);
  if (message.visibility === "removed" || message.visibility === "deleted") return { stop: "removed" };

  if ((await findSuppressed(tx, { orgId, people: [{ platform: message.platform, handle: message.targetUser }] })).size > 0) return { stop: "suppressed" };
  const optedOut = await tx.contactHistory.count({ where: { organizationId: orgId, platform: message.platform, targetUser: person, optedOutAt: { not: null } } });
  if (optedOut > 0) return { stop: "opted_out" };

  const rules = await tx.blocklistEntry.findMany({
    where: { organizationId: orgId, OR: [{ projectId: null }, ...(message.projectId !== null ? [{ projectId: message.projectId }] : [])] },
    select: { id: true, type: true, value: true, projectId: true },
    orderBy: { id: "asc" },
  });
  if (matchBlocklist(rules, { targetUser: message.targetUser, targetCommunity: message.targetCommunity, texts: [] })) return { stop: "blocklisted" };

  // Any reply of theirs, on any thread with them, except an out-of-office notice (that one only moves the date).
  const [answer] = await tx.$queryRaw<Array<{ intent: string | null }>>`
    SELECT m.intent FROM conversation_messages m JOIN conversation_threads t ON t.id = m.thread_id AND t.organization_id = m.organization_id
     WHERE m.organization_id = ${orgId} AND t.platform = ${message.platform} AND lower(t.target_user) = ${person}
       AND m.direction = 'inbound' AND m.intent IS DISTINCT FROM 'out_of_office'
     ORDER BY m.sent_at DESC, m.id DESC LIMIT 1`;
  if (answer) return { stop: answer.intent === "not_interested" ? "not_interested" : "replied" };

  // Dedup, as for a first message, against everything outside this sequence: another message to them since this one.
  const since = message.sentAt ?? message.createdAt;
  const windowStart = new Date(now.getTime() - Math.max(dedup.window_days, 0) * 86_400_000);
  if (dedup.window_days > 0) {
    const [other] = await tx.$queryRaw<Array<{ id: number; created_at: Date }>>`
      SELECT id, created_at FROM drafts
       WHERE organization_id = ${orgId} AND platform = ${message.platform} AND lower(target_user) = ${person}
         AND id <> ALL(${chainIds}::int[]) AND follows_draft_id IS DISTINCT FROM ${message.id}
         AND kind NOT IN ('post', 'reply_dm', 'reply_comment') AND state <> 'rejected'
         AND created_at > ${since} AND created_at >= ${windowStart}
       ORDER BY created_at DESC LIMIT 1`;
    if (other) {
      if (dedup.mode === "skip") return { stop: "contacted_elsewhere" };
      return { stop: null, dedupWarning: { source: "draft", lastContactedAt: other.created_at.toISOString(), draftId: other.id, windowDays: dedup.window_days } };
    }
  }
  return { stop: null, dedupWarning: null };
}
