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
      const endpoints = await loadEndpoints(batch, now());
      const results = await Promise.all(batch.map((d) => attempt(d, endpoints.get(d.endpoint_id) ?? null, now, opts)));
      await record(results, log);
      for (const r of results) result[r.outcome] += 1;
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

interface ReadyEndpoint {
  url: string;
  enabled: boolean;
  /** The current secret, and the previous one while its rotation overlap lasts. */
  secrets: string[];
}

/** The batch's endpoints, each read and its secrets opened once however many of its deliveries the batch holds. */
async function loadEndpoints(batch: Claimed[], now: Date): Promise<Map<number, ReadyEndpoint>> {
  const rows = await db.webhookEndpoint.findMany({
    where: { OR: batch.map((d) => ({ id: d.endpoint_id, organizationId: d.organization_id })) },
    select: { id: true, url: true, enabled: true, secretCiphertext: true, secretKeyId: true, previousSecretCiphertext: true, previousSecretKeyId: true, previousSecretExpiresAt: true },
  });
  return new Map(
    rows.map((e) => {
      const secrets = [openSecret(e.secretCiphertext, e.secretKeyId)];
      if (e.previousSecretCiphertext && e.previousSecretKeyId && e.previousSecretExpiresAt && e.previousSecretExpiresAt > now) {
        secrets.push(openSecret(e.previousSecretCiphertext, e.previousSecretKeyId));
      }
      return [e.id, { url: e.url, enabled: e.enabled, secrets }];
    }),
  );
}

/** One attempt's result, ready to be written. */
interface AttemptResult {
  d: Claimed;
  startedAt: Date;
  res: PostResult;
  outcome: Outcome;
  attempts: number;
  error: string | null;
  next: Date;
}

async function attempt(d: Claimed, endpoint: ReadyEndpoint | null, now: () => Date, opts: DeliverDueOptions): Promise<AttemptResult> {
  const startedAt = now();
  if (!endpoint || !endpoint.enabled) {
    return result(d, startedAt, { ok: false, status: null, durationMs: 0, retryAfterS: null, excerpt: null, error: "The endpoint is disabled" }, true);
  }
  const body = JSON.stringify(d.payload);
  const headers = signWebhook({ messageId: d.message_id, body, secrets: endpoint.secrets, at: startedAt });
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
    return result(d, startedAt, res, true);
  }
  return result(d, startedAt, res, false);
}

function result(d: Claimed, startedAt: Date, res: PostResult, final: boolean): AttemptResult {
  const attempts = d.attempts + 1;
  const outcome: Outcome = res.ok ? "delivered" : final || attempts >= d.max_attempts ? "dead" : "retrying";
  const next = new Date(startedAt.getTime() + (outcome === "retrying" ? retryDelayS(attempts, res.retryAfterS) * 1000 : 0));
  return { d, startedAt, res, outcome, attempts, error: res.ok ? null : describeFailure(res), next };
}

/**
 * Writes a batch's attempts and the deliveries' new states in one statement, each row only while our lease on it
 * holds (a row whose lease ran out while its call was slow belongs to another worker now, and its result counts).
 */
async function record(results: AttemptResult[], log: Logger): Promise<void> {
  const col = <T,>(f: (r: AttemptResult) => T) => results.map(f);
  const written = await db.$queryRaw<Array<{ delivery_id: number }>>`
    WITH v AS (
      SELECT * FROM unnest(
        ${col((r) => r.d.id)}::int[], ${col((r) => r.d.locked_until)}::timestamptz[], ${col((r) => (r.outcome === "retrying" ? "pending" : r.outcome))}::text[],
        ${col((r) => r.attempts)}::int[], ${col((r) => r.res.status)}::int[], ${col((r) => r.error)}::text[], ${col((r) => r.next)}::timestamptz[],
        ${col((r) => (r.res.ok ? r.startedAt : null))}::timestamptz[], ${col((r) => r.startedAt)}::timestamptz[],
        ${col((r) => Math.round(r.res.durationMs))}::int[], ${col((r) => r.res.excerpt)}::text[]
      ) AS v(id, lease, status, attempts, last_status, error, next, delivered, started, duration, excerpt)),
    upd AS (
      UPDATE webhook_deliveries d SET
        status = v.status::"DeliveryStatus", attempts = v.attempts, last_status = v.last_status, last_error = v.error,
        next_attempt_at = v.next, delivered_at = v.delivered, locked_until = NULL
        FROM v WHERE d.id = v.id AND d.locked_until = v.lease
      RETURNING d.id, d.organization_id)
    INSERT INTO webhook_attempts (organization_id, delivery_id, attempt, started_at, duration_ms, status_code, error, response_excerpt)
    SELECT upd.organization_id, upd.id, v.attempts, v.started, v.duration, v.last_status, v.error, v.excerpt FROM upd JOIN v ON v.id = upd.id
    RETURNING delivery_id`;
  const landed = new Set(written.map((w) => w.delivery_id));
  for (const r of results) {
    if (!landed.has(r.d.id)) log.warn("webhook result dropped: the lease had passed", { deliveryId: r.d.id, webhookId: r.d.webhook_id });
    else if (!r.res.ok) log.info("webhook attempt failed", { deliveryId: r.d.id, webhookId: r.d.webhook_id, attempt: r.attempts, status: r.res.status, outcome: r.outcome });
  }
}

function describeFailure(res: PostResult): string {
  if (res.status === null) return res.error ?? "No answer";
  return `HTTP ${res.status}${res.status === 410 ? " Gone: the endpoint was disabled" : ""}`;
}
