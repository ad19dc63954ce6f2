// Where a platform account's credentials stand, as the platform last judged them: every call made with an account's
// token goes through `withAccountUse`, which stamps `lastUsedAt` when the platform accepted it and `lastFailedAt` with
// the platform's words when it refused it (401 or 403). Other failures (the instance is down, a bad request) say
// nothing about the credentials and leave both alone. Each stamp is one atomic UPDATE scoped to the organization, so
// two app instances recording at once never lose a write.
import { db } from "@/lib/db/client";
import { UpstreamError } from "@/lib/platforms/upstream-error";

/** The platform answers that mean "these credentials are not accepted". */
const REFUSED = new Set([401, 403]);
// The platform's explanation is kept for the account's row; a page of HTML is not an explanation.
const MAX_REASON_CHARS = 300;

export async function recordAccountSuccess({ orgId, accountId, at = new Date() }: { orgId: number; accountId: number; at?: Date }) {
  await db.account.updateMany({ where: { id: accountId, organizationId: orgId }, data: { lastUsedAt: at } });
}

export async function recordAccountFailure({ orgId, accountId, reason, at = new Date() }: { orgId: number; accountId: number; reason: string; at?: Date }) {
  await db.account.updateMany({
    where: { id: accountId, organizationId: orgId },
    data: { lastFailedAt: at, lastFailureReason: reason.replace(/\s+/g, " ").trim().slice(0, MAX_REASON_CHARS) },
  });
}

/** True when the error is the platform refusing the credentials (not an outage, not a bad request). */
export function isCredentialRefusal(err: unknown): err is UpstreamError {
  return err instanceof UpstreamError && err.upstreamStatus !== null && REFUSED.has(err.upstreamStatus);
}

/**
 * Runs one platform call made with an account's credentials and records what the platform thought of them. With no
 * account (an anonymous read) it only runs the call.
 */
export async function withAccountUse<T>(
  { orgId, accountId, now = () => new Date() }: { orgId: number; accountId: number | null; now?: () => Date },
  call: () => Promise<T>,
): Promise<T> {
  if (accountId === null) return call();
  let result: T;
  try {
    result = await call();
  } catch (err) {
    if (isCredentialRefusal(err)) await recordAccountFailure({ orgId, accountId, reason: err.message, at: now() });
    throw err;
  }
  await recordAccountSuccess({ orgId, accountId, at: now() });
  return result;
}
