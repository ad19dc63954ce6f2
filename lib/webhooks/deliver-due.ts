// The webhook sender: claims due deliveries and posts them. A claim is one short statement (`FOR UPDATE SKIP LOCKED`
// inside, up to 10 rows, each marked in flight with a 30 s lease), so instances never take the same row; the HTTP
// call happens outside any transaction; its result is written in a second short statement that only lands while the
// lease is still ours. A worker killed mid-call leaves the lease to pass, and the row is claimed again (delivered at
// least once). Several lanes drain at once, so a burst is not sent 10 rows at a time.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log as rootLog, type Logger } from "@/lib/log/logger";
import { postWebhook, type PostResult } from "@/lib/webhooks/post-webhook";
import { retryDelayS } from "@/lib/webhooks/retry-delay";
import { signWebhook } from "@/lib/webhooks/sign-webhook";
import { openSecret } from "@/lib/webhooks/webhook-secret";

// SPEC 8: up to 10 rows per claim; the in-flight lease outlasts the 10 s HTTP timeout with room to record.
export const CLAIM_BATCH = 10;
const LEASE_MS = 30_000;

export interface DeliverDueOptions {
  now?: () => Date;
  lanes?: number;
  /** Stop after this many claims per lane (tests drain one batch at a time). */
  maxClaims?: number;
  orgIds?: number[];
  timeoutMs?: number;
  allowPrivate?: boolean;
  log?: Logger;
}

export interface DeliverDueResult {
  claimed: number;
  delivered: number;
  retrying: number;
  dead: number;
}

interface Claimed {
  id: number;
  organization_id: number;
  endpoint_id: number;
  webhook_id: string;
  message_id: string;
  attempts: number;
  max_attempts: number;
  payload: unknown;
  locked_until: Date;
}

export async function deliverDue(opts: DeliverDueOptions = {}): Promise<DeliverDueResult> {
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? rootLog.child({ job: "webhook-deliver" });
  const result: DeliverDueResult = { claimed: 0, delivered: 0, retrying: 0, dead: 0 };
  const lane = async () => {
    for (let n = 0; opts.maxClaims === undefined || n < opts.maxClaims; n++) {
      const batch = await claimDue(now(), opts.orgIds);
      if (batch.length === 0) return;
      result.claimed += batch.length;
      const outcomes = await Promise.all(batch.map((d) => attempt(d, now, opts, log)));
      for (const o of outcomes) result[o] += 1;
    }
  };
  await Promise.all(Array.from({ length: opts.lanes ?? 4 }, lane));
  return result;
}

/** Up to CLAIM_BATCH due rows, across organizations (a job-only read), each leased to this worker. */
async function claimDue(now: Date, orgIds?: number[]): Promise<Claimed[]> {
  const until = new Date(now.getTime() + LEASE_MS);
  const orgFilter = orgIds ?? null;
  return db.$queryRaw<Claimed[]>`
    UPDATE webhook_deliveries d SET locked_until = ${until}
     WHERE d.id IN (
       SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
          AND (${orgFilter}::int[] IS NULL OR organization_id = ANY(${orgFilter}::int[]))
        ORDER BY next_attempt_at, id
        LIMIT ${CLAIM_BATCH}
        FOR UPDATE SKIP LOCKED)
    RETURNING d.id, d.organization_id, d.endpoint_id, d.webhook_id, d.message_id, d.attempts, d.max_attempts, d.payload, d.locked_until`;
}

type Outcome = "delivered" | "retrying" | "dead";

async function attempt(d: Claimed, now: () => Date, opts: DeliverDueOptions, log: Logger): Promise<Outcome> {
  const endpoint = await db.webhookEndpoint.findFirst({
    where: { id: d.endpoint_id, organizationId: d.organization_id },
    select: { url: true, enabled: true, secretCiphertext: true, secretKeyId: true, previousSecretCiphertext: true, previousSecretKeyId: true, previousSecretExpiresAt: true },
  });
  const startedAt = now();
  if (!endpoint || !endpoint.enabled) {
    return record(d, startedAt, { ok: false, status: null, durationMs: 0, retryAfterS: null, excerpt: null, error: "The endpoint is disabled" }, { final: true }, log);
  }
  const secrets = [openSecret(endpoint.secretCiphertext, endpoint.secretKeyId)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretKeyId && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > startedAt) {
    secrets.push(openSecret(endpoint.previousSecretCiphertext, endpoint.previousSecretKeyId));
  }
  const body = JSON.stringify(d.payload);
  const headers = signWebhook({ messageId: d.message_id, body, secrets, at: startedAt });
  const res = await postWebhook({
    url: endpoint.url,
    body,
    headers: { ...headers },
    timeoutMs: opts.timeoutMs,
    allowPrivate: opts.allowPrivate ?? env.OUTREACH_WEBHOOK_ALLOW_PRIVATE,
  });
  // 410 Gone: the receiver says this endpoint is no more; stop sending to it (SPEC's dead state for this row).
  if (res.status === 410) {
    await db.webhookEndpoint.updateMany({
      where: { id: d.endpoint_id, organizationId: d.organization_id },
      data: { enabled: false, disabledReason: `The receiver answered 410 Gone on ${startedAt.toISOString()}` },
    });
    return record(d, startedAt, res, { final: true }, log);
  }
  return record(d, startedAt, res, { final: false }, log);
}

/** Writes the attempt and the delivery's new state in one statement, only while our lease holds. */
async function record(d: Claimed, startedAt: Date, res: PostResult, { final }: { final: boolean }, log: Logger): Promise<Outcome> {
  const attempts = d.attempts + 1;
  const outcome: Outcome = res.ok ? "delivered" : final || attempts >= d.max_attempts ? "dead" : "retrying";
  const error = res.ok ? null : describeFailure(res);
  const next = new Date(startedAt.getTime() + (outcome === "retrying" ? retryDelayS(attempts, res.retryAfterS) * 1000 : 0));
  const written = await db.$executeRaw`
    WITH upd AS (
      UPDATE webhook_deliveries SET
        status = ${outcome === "delivered" ? "delivered" : outcome === "dead" ? "dead" : "pending"}::"DeliveryStatus",
        attempts = ${attempts},
        last_status = ${res.status},
        last_error = ${error},
        next_attempt_at = ${next},
        delivered_at = ${res.ok ? startedAt : null},
        locked_until = NULL
      WHERE id = ${d.id} AND locked_until = ${d.locked_until}
      RETURNING id, organization_id)
    INSERT INTO webhook_attempts (organization_id, delivery_id, attempt, started_at, duration_ms, status_code, error, response_excerpt)
    SELECT organization_id, id, ${attempts}, ${startedAt}, ${Math.round(res.durationMs)}, ${res.status}, ${error}, ${res.excerpt} FROM upd`;
  if (written === 0) {
    // Our lease ran out while the call was slow and another worker owns the row now; its result counts.
    log.warn("webhook result dropped: the lease had passed", { deliveryId: d.id, webhookId: d.webhook_id });
  } else if (!res.ok) {
    log.info("webhook attempt failed", { deliveryId: d.id, webhookId: d.webhook_id, attempt: attempts, status: res.status, outcome });
  }
  return outcome;
}

function describeFailure(res: PostResult): string {
  if (res.status === null) return res.error ?? "No answer";
  return `HTTP ${res.status}${res.status === 410 ? " Gone: the endpoint was disabled" : ""}`;
}
