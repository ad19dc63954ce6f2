// Sending spread over accounts (docs/sending-limits.md "Spread over accounts"): a draft of a campaign that sends from
// several accounts, made without an account, is given one when it is sent (Mark as sent, the extension's armed and
// sent calls, auto-post). It runs inside the send gate's transaction (lib/sending/take-send-slot.ts) and locks every
// candidate account's row first, in id order (two senders of overlapping sets cannot deadlock), so the room it
// compares is the room the slot is then taken from: two instances cannot both pick the last slot of one account.
import type { Tx } from "@/lib/db/client";
import { addressesPerson, canonicalHandle } from "@/lib/contacts/canonical-handle";
import { dayCapAt, decideSend, effectivePolicy } from "@/lib/sending/sending-policy";
import { SendHeld, type SlotDraft } from "@/lib/sending/send-held";

type Candidate = { id: number; platform_id: string; platform: string; created_at: Date; sending_policy: unknown; next_send_at: Date | null; last_assigned_at: Date | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The account the draft goes from, written on the draft, or null when the draft's campaign names no accounts to send
 * from (the caller then falls back to the draft's handle, as before). Throws SendHeld when none of them may send now:
 * the reason names each account and the limit that holds it, the time is the earliest any of them may.
 *
 * Which account:
 * - a person already sent to from an account of the project stays with it: their later drafts go from that account
 *   only (held under its limits rather than moved), so one person never hears from two of the project's accounts and
 *   a conversation keeps one voice. Replies and continuations carry their thread's account and never come here.
 * - otherwise the campaign's account with the most room under its limits (the day's cap less its sends of the last
 *   24 hours) among those that may send now; among equals the one given a draft longest ago, so they take turns.
 */
export async function chooseSendAccount(
  tx: Tx,
  { orgId, draft, at }: { orgId: number; draft: SlotDraft; at: Date },
): Promise<number | null> {
  if (draft.campaignId === null || draft.projectId === null) return null;
  const spread = await tx.campaignSendAccount.findMany({
    where: { organizationId: orgId, campaignId: draft.campaignId, account: { projectId: draft.projectId, platform: draft.platform } },
    select: { accountId: true },
  });
  if (spread.length === 0) return null;

  let ids = spread.map((s) => s.accountId);
  const earlier = addressesPerson(draft.kind) ? await accountAlreadyUsed(tx, orgId, draft) : null;
  if (earlier !== null) ids = [earlier];

  const candidates = await tx.$queryRaw<Candidate[]>`
    SELECT id, platform_id, platform, created_at, sending_policy, next_send_at, last_assigned_at FROM accounts
     WHERE organization_id = ${orgId} AND id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`;
  if (candidates.length === 0) return null;

  const since = new Date(at.getTime() - DAY_MS);
  const sends = await tx.accountSend.findMany({
    where: { organizationId: orgId, accountId: { in: candidates.map((c) => c.id) }, sentAt: { gt: since } },
    select: { accountId: true, sentAt: true },
  });
  const standing = candidates.map((c) => {
    const policy = effectivePolicy(c.platform, c.sending_policy);
    const mine = sends.filter((s) => s.accountId === c.id).map((s) => s.sentAt);
    const decision = decideSend({ policy, accountCreatedAt: c.created_at, now: at, sends: mine, nextSendAt: c.next_send_at, account: c.platform_id });
    return { c, decision, room: dayCapAt(policy, c.created_at, at).cap - mine.length };
  });

  const open = standing.filter((s) => s.decision.allowed);
  if (open.length === 0) {
    const reasons = standing.map((s) => (s.decision.allowed ? "" : s.decision.reason));
    const after = Math.min(...standing.map((s) => (s.decision.allowed ? at.getTime() : s.decision.sendAfter.getTime())));
    const lead = earlier !== null
      ? `${canonicalHandle(draft.targetUser)} was contacted from ${candidates[0]!.platform_id} before, so it goes from that account. `
      : `None of the campaign's ${candidates.length} accounts may send now. `;
    throw new SendHeld(`${lead}${reasons.join(". ")}`, new Date(after));
  }
  open.sort((a, b) =>
    b.room - a.room
    || (a.c.last_assigned_at?.getTime() ?? 0) - (b.c.last_assigned_at?.getTime() ?? 0)
    || a.c.id - b.c.id);
  const chosen = open[0]!.c;
  await tx.draft.updateMany({ where: { id: draft.id, organizationId: orgId }, data: { accountId: chosen.id, accountHandle: chosen.platform_id } });
  await tx.account.updateMany({ where: { id: chosen.id, organizationId: orgId }, data: { lastAssignedAt: at } });
  return chosen.id;
}

/**
 * The project's account the person was first sent to from, if any: the earliest sent draft to them on this platform
 * that went from an account of the draft's project (the drafts index on the lower-cased handle answers it).
 */
async function accountAlreadyUsed(tx: Tx, orgId: number, draft: SlotDraft): Promise<number | null> {
  const [row] = await tx.$queryRaw<Array<{ account_id: number }>>`
    SELECT d.account_id FROM drafts d JOIN accounts a ON a.id = d.account_id AND a.organization_id = d.organization_id
     WHERE d.organization_id = ${orgId} AND d.platform = ${draft.platform} AND lower(d.target_user) = ${canonicalHandle(draft.targetUser)}
       AND d.sent_at IS NOT NULL AND d.id <> ${draft.id} AND a.project_id = ${draft.projectId}
     ORDER BY d.sent_at, d.id LIMIT 1`;
  return row?.account_id ?? null;
}
