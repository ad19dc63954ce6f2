// The gate every send goes through (docs/sending-limits.md): the person has not opted out, and the account's sending
// limits allow one more send now. It runs in the caller's transaction and locks the account's row first
// (SELECT ... FOR UPDATE), so two senders of one account (two app instances, the extension and auto-post at once)
// take turns: each counts the sends the other committed before it, and the last slot goes to one of them only.
// A send it allows is written to account_sends and moves the account's next send time on (gap + random jitter).
import type { Tx } from "@/lib/db/client";
import { addressesPerson, canonicalHandle } from "@/lib/contacts/canonical-handle";
import { decideSend, effectivePolicy, nextSendAfter } from "@/lib/sending/sending-policy";

/** The draft could not go now: held with a send-after time (null: until a person acts) and the reason. */
export class SendHeld extends Error {
  constructor(readonly reason: string, readonly sendAfter: Date | null) {
    super(reason);
    this.name = "SendHeld";
  }
}

export interface SlotDraft {
  id: number;
  kind: string;
  platform: string;
  projectId: number | null;
  accountId: number | null;
  accountHandle: string;
  targetUser: string;
}

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

export async function takeSendSlot(tx: Tx, { orgId, draft, at, mode, random }: TakeSendSlotInput): Promise<void> {
  if (mode !== "record" && addressesPerson(draft.kind)) {
    const contact = await tx.contactHistory.findFirst({
      where: { organizationId: orgId, platform: draft.platform, targetUser: canonicalHandle(draft.targetUser), optedOutAt: { not: null } },
      select: { optedOutAt: true, optOutSource: true },
    });
    if (contact) {
      const how = contact.optOutSource === "reply" ? "in a reply" : "(marked on the People page)";
      throw new SendHeld(`${canonicalHandle(draft.targetUser)} asked not to be contacted ${how} on ${contact.optedOutAt!.toISOString().slice(0, 10)}`, null);
    }
  }

  const accountId = draft.accountId ?? (await findAccountByHandle(tx, orgId, draft));
  if (accountId === null) return;
  const [account] = await tx.$queryRaw<Array<{ platform: string; created_at: Date; sending_policy: unknown; next_send_at: Date | null }>>`
    SELECT platform, created_at, sending_policy, next_send_at FROM accounts
     WHERE id = ${accountId} AND organization_id = ${orgId} FOR UPDATE`;
  if (!account) return;

  // A slot an automatic post reserved for this draft before calling the platform: the send is that one.
  const reserved = await tx.accountSend.findFirst({
    where: { organizationId: orgId, accountId, draftId: draft.id, pending: true },
    select: { id: true },
  });
  if (reserved) {
    if (mode === "take" || mode === "record") await tx.accountSend.update({ where: { id: reserved.id }, data: { pending: false, sentAt: at } });
    return;
  }

  const policy = effectivePolicy(account.platform, account.sending_policy);
  const since = new Date(at.getTime() - 24 * 60 * 60 * 1000);
  const sends = await tx.accountSend.findMany({
    where: { organizationId: orgId, accountId, sentAt: { gt: since } },
    select: { sentAt: true },
  });
  const decision = decideSend({ policy, accountCreatedAt: account.created_at, now: at, sends: sends.map((s) => s.sentAt), nextSendAt: account.next_send_at });
  if (!decision.allowed && mode !== "record") throw new SendHeld(decision.reason, decision.sendAfter);
  if (mode === "check") return;

  await tx.accountSend.create({ data: { organizationId: orgId, accountId, draftId: draft.id, sentAt: at, pending: mode === "reserve" } });
  await tx.account.updateMany({ where: { id: accountId, organizationId: orgId }, data: { nextSendAt: nextSendAfter(policy, at, random) } });
}

/** Drafts made before accounts were linked by id carry only the handle: the project's account of that handle. */
async function findAccountByHandle(tx: Tx, orgId: number, draft: SlotDraft): Promise<number | null> {
  if (draft.projectId === null) return null;
  const account = await tx.account.findFirst({
    where: { organizationId: orgId, projectId: draft.projectId, platform: draft.platform, platformId: draft.accountHandle },
    select: { id: true },
  });
  return account?.id ?? null;
}
