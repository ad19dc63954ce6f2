// Reports recorded cloud-run usage to the Stripe billing meter (the `billing-meter` job, and at once on `meter:due`).
// Rows are claimed with SKIP LOCKED and a two-minute lease, so instances share the work and a crashed sender's rows
// come back. The meter event's identifier is the row's source_key ("run:<id>"), so a report that reached Stripe but
// was not recorded here is refused as a duplicate next time, which counts as delivered. Usage of an organization
// that has never been a Stripe customer (Free, never subscribed) is not billable and is marked skipped.
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log/logger";
import { billingSettings } from "@/lib/billing/billing-settings";
import { stripeClient } from "@/lib/billing/stripe-client";

interface Claimed {
  id: number;
  source_key: string;
  seconds: number;
  occurred_at: Date;
  attempts: number;
  stripe_customer_id: string | null;
}

/** Stripe accepts meter events up to 35 days old. */
const MAX_AGE_MS = 34 * 24 * 3600_000;

/** `orgIds` is for tests (the job serves every organization). */
export async function reportMeteredUsage({ now = new Date(), limit = 50, orgIds }: { now?: Date; limit?: number; orgIds?: number[] } = {}) {
  const outcome = { reported: 0, skipped: 0, failed: 0 };
  const settings = billingSettings();
  if (!settings) return outcome;
  const stripe = stripeClient(settings);
  const claimed = await db.$queryRaw<Claimed[]>`
    UPDATE metered_usage m SET attempts = m.attempts + 1, next_attempt_at = ${now}::timestamptz + interval '2 minutes'
      FROM (SELECT id FROM metered_usage WHERE status = 'pending' AND next_attempt_at <= ${now}
              ${orgIds ? Prisma.sql`AND organization_id IN (${Prisma.join(orgIds)})` : Prisma.empty}
              ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) c, organizations o
     WHERE m.id = c.id AND o.id = m.organization_id
    RETURNING m.id, m.source_key, m.seconds, m.occurred_at, m.attempts, o.stripe_customer_id`;
  for (const row of claimed) {
    if (!row.stripe_customer_id || now.getTime() - row.occurred_at.getTime() > MAX_AGE_MS) {
      await db.meteredUsage.update({ where: { id: row.id }, data: { status: "skipped", lastError: row.stripe_customer_id ? "older than Stripe accepts" : null } });
      outcome.skipped++;
      continue;
    }
    try {
      await stripe.billing.meterEvents.create({
        event_name: settings.meterEventName,
        identifier: row.source_key,
        timestamp: Math.floor(row.occurred_at.getTime() / 1000),
        payload: { stripe_customer_id: row.stripe_customer_id, value: String(row.seconds) },
      });
      await db.meteredUsage.update({ where: { id: row.id }, data: { status: "reported", reportedAt: now, lastError: null } });
      outcome.reported++;
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      if (/already exists with identifier/i.test(message)) {
        await db.meteredUsage.update({ where: { id: row.id }, data: { status: "reported", reportedAt: now, lastError: null } });
        outcome.reported++;
        continue;
      }
      // Money is never given up on: retries back off to once an hour.
      const delayMs = Math.min(3600_000, 60_000 * 2 ** Math.min(6, row.attempts - 1));
      await db.meteredUsage.update({ where: { id: row.id }, data: { lastError: message.slice(0, 500), nextAttemptAt: new Date(now.getTime() + delayMs) } });
      log.warn("meter report failed", { sourceKey: row.source_key, attempts: row.attempts, error: message });
      outcome.failed++;
    }
  }
  return outcome;
}
