// PATCH /api/accounts/[id]/sending-policy: a person changes an account's sending limits. Only the fields given
// change; null puts a field back to the platform's default. The merged policy must make sense as a whole (an hourly
// cap above the daily one, or a warm-up that starts above the daily cap, is a 400 with what is wrong).
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { defaultPolicy, mergeOverrides, type SendingPolicyPatch } from "@/lib/sending/sending-policy";
import { getSendingStatusOrThrow, type SendingStatus } from "@/lib/sending/sending-status";

export async function updateSendingPolicy({ orgId, accountId, patch, now }: { orgId: number; accountId: number; patch: SendingPolicyPatch; now?: Date }): Promise<SendingStatus> {
  await db.$transaction(async (tx) => {
    const [account] = await tx.$queryRaw<Array<{ platform: string; sending_policy: unknown }>>`
      SELECT platform, sending_policy FROM accounts WHERE id = ${accountId} AND organization_id = ${orgId} FOR UPDATE`;
    if (!account) throw notFound("Account");
    const overrides = mergeOverrides(account.sending_policy, patch);
    const policy = { ...defaultPolicy(account.platform), ...overrides };
    if (policy.hourlyCap > policy.dailyCap) {
      throw new AppError("bad_request", `The hourly cap (${policy.hourlyCap}) cannot be above the daily cap (${policy.dailyCap})`, { issues: [{ path: "hourlyCap", message: "above the daily cap" }] });
    }
    if (policy.warmup && policy.warmupStart > policy.dailyCap) {
      throw new AppError("bad_request", `Warm-up cannot start above the daily cap (${policy.warmupStart} > ${policy.dailyCap})`, { issues: [{ path: "warmupStart", message: "above the daily cap" }] });
    }
    await tx.account.updateMany({
      where: { id: accountId, organizationId: orgId },
      data: { sendingPolicy: overrides as Prisma.InputJsonObject },
    });
  });
  return getSendingStatusOrThrow({ orgId, accountId, now });
}
