// The gate every send goes through (docs/sending-limits.md): the person has not opted out, and the account's sending
// limits allow one more send now. It runs in the caller's transaction and locks the account's row first
// (SELECT ... FOR UPDATE), so two senders of one account (two app instances, the extension and auto-post at once)
// take turns: each counts the sends the other committed before it, and the last slot goes to one of them only.
// A send it allows is written to account_sends and moves the account's next send time on (gap + random jitter).
import type { Tx } from "@/lib/db/client";
import { addressesPerson, canonicalHandle } from "@/lib/contacts/canonical-handle";
import { findSuppressed, suppressedMessage } from "@/lib/privacy/find-suppressed";
import { decideSend, effectivePolicy, nextSendAfter } from "@/lib/sending/sending-policy";
import { chooseSendAccount } from "@/lib/sending/choose-send-account";

// What a held send is and what a send slot is asked about live in send-held.ts, which the account chooser reads too.
export { SendHeld, type SlotDraft } from "@/lib/sending/send-held";
import { SendHeld, type SlotDraft } from "@/lib/sending/send-held";

export interface TakeSendSlotInput {
  orgId: number;
  draft: SlotDraft;
  at: Date;
  /**
   * check: decide only, write nothing (arming a compose page). take: the send happens now. reserve: an automatic
   * post is about to call the platform; the slot is taken before the call, and the draft's send then uses it.
   * record: the message is already out on the platform (an automatic post whose answer came back): it is counted,
   * whatever the limits say, because holding it would only hide a send that happened.
   */
  mode: "check" | "take" | "reserve" | "record";
  random?: () => number;
}

/** Answers the account the send goes from (null: a message already out whose account cannot be found). */
export async function takeSendSlot(tx: Tx, { orgId, draft, at, mode, random }: TakeSendSlotInput): Promise<number | null> {
  if (mode !== "record" && addressesPerson(draft.kind)) {
    // Erased at their request (docs/privacy.md): held for good; a person must reject the draft.
    const suppressed = await findSuppressed(tx, { orgId, people: [{ platform: draft.platform, handle: draft.targetUser }] });
    if (suppressed.size > 0) throw new SendHeld(suppressedMessage(canonicalHandle(draft.targetUser)), null);
    const contact = await tx.contactHistory.findFirst({
      where: { organizationId: orgId, platform: draft.platform, targetUser: canonicalHandle(draft.targetUser), optedOutAt: { not: null } },
      select: { optedOutAt: true, optOutSource: true },
    });
    if (contact) {
      const how = contact.optOutSource === "reply" ? "in a reply" : "(marked on the People page)";
      throw new SendHeld(`${canonicalHandle(draft.targetUser)} asked not to be contacted ${how} on ${contact.optedOutAt!.toISOString().slice(0, 10)}`, null);
    }
  }

  // A draft without an account is given one of its campaign's accounts first (under their row locks), so the slot
  // below is taken from the account that was chosen for having room. A message already out is not re-assigned.
  const spreadTo = draft.accountId === null && mode !== "record" ? await chooseSendAccount(tx, { orgId, draft, at }) : null;
  const accountId = draft.accountId ?? spreadTo ?? (await findAccountByHandle(tx, orgId, draft));
  const [account] = accountId === null ? [] : await tx.$queryRaw<Array<{ platform_id: string; platform: string; created_at: Date; sending_policy: unknown; next_send_at: Date | null }>>`
    SELECT platform_id, platform, created_at, sending_policy, next_send_at FROM accounts
     WHERE id = ${accountId} AND organization_id = ${orgId} FOR UPDATE`;
  // Limits belong to an account: a send whose account cannot be found would go unlimited, so it is held until a
  // person says which account it goes from. A message already out on the platform cannot be held back; it is
  // recorded on the draft as usual, uncounted, since there is no account to count it against.
  if (!account || accountId === null) {
    if (mode === "record") return null;
    throw new SendHeld(`no account of this project sends as ${draft.accountHandle || "(none)"} on ${draft.platform}: choose the account it goes from, then send it`, null);
  }

  // A slot an automatic post reserved for this draft before calling the platform: the send is that one.
  const reserved = await tx.accountSend.findFirst({
    where: { organizationId: orgId, accountId, draftId: draft.id, pending: true },
    select: { id: true },
  });
  if (reserved) {
    if (mode === "take" || mode === "record") await tx.accountSend.update({ where: { id: reserved.id }, data: { pending: false, sentAt: at } });
    return accountId;
  }

  const policy = effectivePolicy(account.platform, account.sending_policy);
  const since = new Date(at.getTime() - 24 * 60 * 60 * 1000);
  const sends = await tx.accountSend.findMany({
    where: { organizationId: orgId, accountId, sentAt: { gt: since } },
    select: { sentAt: true },
  });
  const decision = decideSend({ policy, accountCreatedAt: account.created_at, now: at, sends: sends.map((s) => s.sentAt), nextSendAt: account.next_send_at, account: account.platform_id });
  if (!decision.allowed && mode !== "record") throw new SendHeld(decision.reason, decision.sendAfter);
  if (mode === "check") return accountId;

  await tx.accountSend.create({ data: { organizationId: orgId, accountId, draftId: draft.id, sentAt: at, pending: mode === "reserve" } });
  await tx.account.updateMany({ where: { id: accountId, organizationId: orgId }, data: { nextSendAt: nextSendAfter(policy, at, random) } });
  return accountId;
}

/**
 * Drafts made before accounts were linked by id carry only the handle: the project's account of that handle, compared
 * without case (platforms treat handles so). Two accounts whose handles differ only in case find neither: which of
 * them sends is a person's choice, not a guess.
 */
async function findAccountByHandle(tx: Tx, orgId: number, draft: SlotDraft): Promise<number | null> {
  if (draft.projectId === null || !draft.accountHandle) return null;
  const accounts = await tx.account.findMany({
    where: { organizationId: orgId, projectId: draft.projectId, platform: draft.platform, platformId: { equals: draft.accountHandle, mode: "insensitive" } },
    select: { id: true },
    take: 2,
  });
  return accounts.length === 1 ? accounts[0]!.id : null;
}
