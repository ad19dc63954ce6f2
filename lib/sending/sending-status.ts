// Where an account stands against its sending limits, in numbers and in the words the project's Accounts tab shows
// ("3 of 7 sent in the last 24 hours (warm-up day 3); next send allowed at 14:32 UTC"). Reads only: the counts are
// the same account_sends rows the send gate counts (lib/sending/take-send-slot.ts).
import { formatWhen as formatWhenIn } from "@/lib/format/date-time";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { dayCapAt, decideSend, effectivePolicy, formatGap, readOverrides, type SendingPolicy } from "@/lib/sending/sending-policy";

export interface SendingStatus {
  accountId: number;
  policy: SendingPolicy;
  /** The fields this account sets itself; the others are the platform's defaults. */
  overrides: Partial<SendingPolicy>;
  sentLast24h: number;
  sentLastHour: number;
  dayCap: number;
  warmingUp: boolean;
  accountDay: number;
  /** null: a send may go now. */
  nextSendAllowedAt: string | null;
  words: string;
  policyWords: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function getSendingStatuses({ orgId, accountIds, now = new Date() }: { orgId: number; accountIds: number[]; now?: Date }): Promise<Map<number, SendingStatus>> {
  if (accountIds.length === 0) return new Map();
  const accounts = await db.account.findMany({
    where: { organizationId: orgId, id: { in: accountIds } },
    select: { id: true, platform: true, createdAt: true, sendingPolicy: true, nextSendAt: true },
  });
  const sends = await db.accountSend.findMany({
    where: { organizationId: orgId, accountId: { in: accountIds }, sentAt: { gt: new Date(now.getTime() - DAY_MS) } },
    select: { accountId: true, sentAt: true },
  });
  const out = new Map<number, SendingStatus>();
  for (const a of accounts) {
    const mine = sends.filter((s) => s.accountId === a.id).map((s) => s.sentAt);
    out.set(a.id, describeStatus({ accountId: a.id, platform: a.platform, createdAt: a.createdAt, stored: a.sendingPolicy, nextSendAt: a.nextSendAt, sends: mine, now }));
  }
  return out;
}

export async function getSendingStatusOrThrow({ orgId, accountId, now }: { orgId: number; accountId: number; now?: Date }): Promise<SendingStatus> {
  const status = (await getSendingStatuses({ orgId, accountIds: [accountId], now })).get(accountId);
  if (!status) throw new AppError("not_found", "Account not found");
  return status;
}

export function describeStatus({ accountId, platform, createdAt, stored, nextSendAt, sends, now }: {
  accountId: number; platform: string; createdAt: Date; stored: unknown; nextSendAt: Date | null; sends: Date[]; now: Date;
}): SendingStatus {
  const policy = effectivePolicy(platform, stored);
  const { cap, warmingUp, day } = dayCapAt(policy, createdAt, now);
  const sentLast24h = sends.filter((s) => s.getTime() > now.getTime() - DAY_MS).length;
  const sentLastHour = sends.filter((s) => s.getTime() > now.getTime() - 60 * 60 * 1000).length;
  const decision = decideSend({ policy, accountCreatedAt: createdAt, now, sends, nextSendAt });
  const next = decision.allowed ? null : decision.sendAfter;
  const words =
    `${sentLast24h} of ${cap} sent in the last 24 hours${warmingUp ? ` (warm-up day ${day})` : ""}; ` +
    `${sentLastHour} of ${policy.hourlyCap} this hour; ` +
    (next ? `next send allowed at ${formatWhen(next, now)}` : "a send may go now");
  return {
    accountId, policy, overrides: readOverrides(stored), sentLast24h, sentLastHour, dayCap: cap, warmingUp, accountDay: day,
    nextSendAllowedAt: next?.toISOString() ?? null, words, policyWords: describePolicy(policy),
  };
}

/** The policy in one sentence: "At most 20 a day and 4 an hour, 8 min apart plus up to 7 min at random; new accounts start at 3 a day, 2 more each day." */
export function describePolicy(p: SendingPolicy): string {
  const gap = p.minGapSeconds > 0 ? `, at least ${formatGap(p.minGapSeconds)} apart` : "";
  const jitter = p.jitterSeconds > 0 ? ` plus up to ${formatGap(p.jitterSeconds)} at random` : "";
  const ramp = p.warmup
    ? `; a new account starts at ${p.warmupStart} a day, ${p.warmupStep} more each day`
    : "; no warm-up";
  return `At most ${p.dailyCap} a day and ${p.hourlyCap} an hour${gap}${jitter}${ramp}.`;
}

/** "14:32 UTC" today, "Nov 27, 09:05 UTC" on another day (pages render on the server in UTC, like formatDateTime). */
export function formatWhen(d: Date, now: Date): string {
  return formatWhenIn(d, now, "UTC");
}
