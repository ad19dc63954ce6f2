// Gauges read from the database when scraped, one statement each. They describe the whole service, not this
// instance: every instance on the same database reports the same values (aggregate them with max, not sum).
// A statement that fails (the job engine's schema absent under Trigger.dev, the database down) leaves its gauge
// empty for that scrape rather than failing the whole scrape.
import { Gauge, type Registry } from "prom-client";
import { getPool } from "@/lib/db/client";

/** One statement's rows for one scrape, shared by the gauges it feeds (prom-client collects them concurrently). */
function perScrape<T>(query: () => Promise<T>): () => Promise<T | null> {
  let last: { at: number; rows: Promise<T | null> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > 1000) last = { at: now, rows: query().catch(() => null) };
    return last.rows;
  };
}

async function rows<R extends Record<string, unknown>>(sql: string): Promise<R[]> {
  if (!process.env.DATABASE_URL) throw new Error("no database yet");
  return (await getPool().query<R>(sql)).rows;
}

export function registerDatabaseGauges(registry: Registry): void {
  const registers = [registry];

  // graphile-worker's queue (lib/jobs/embedded-worker.ts): jobs not yet given up on, and how long the oldest due one
  // has waited. A job finer than a minute always has its next tick queued, so a depth of 1 per such task is normal.
  const queue = perScrape(() =>
    rows<{ task: string; depth: number; oldest: number }>(`
      SELECT t.identifier AS task, count(*)::int AS depth,
             COALESCE(EXTRACT(EPOCH FROM now() - min(j.run_at) FILTER (WHERE j.run_at <= now())), 0)::float8 AS oldest
        FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       WHERE j.attempts < j.max_attempts
       GROUP BY t.identifier`),
  );
  new Gauge({
    name: "outreach_job_queue_depth",
    help: "Background jobs queued and not given up on, by task (whole service).",
    labelNames: ["task"],
    registers,
    async collect() {
      this.reset();
      for (const r of (await queue()) ?? []) this.set({ task: r.task }, r.depth);
    },
  });
  new Gauge({
    name: "outreach_job_queue_oldest_age_seconds",
    help: "How long the oldest due background job has waited to run, by task (whole service).",
    labelNames: ["task"],
    registers,
    async collect() {
      this.reset();
      for (const r of (await queue()) ?? []) this.set({ task: r.task }, r.oldest);
    },
  });

  new Gauge({
    name: "outreach_runs",
    help: "Agent runs by state and, for failed ones, failure reason (whole service, all time).",
    labelNames: ["state", "reason"],
    registers,
    async collect() {
      this.reset();
      const found = await rows<{ state: string; reason: string; n: number }>(
        `SELECT status::text AS state, COALESCE(failure_reason, '') AS reason, count(*)::int AS n FROM runs GROUP BY 1, 2`,
      ).catch(() => []);
      for (const r of found) this.set({ state: r.state, reason: r.reason }, r.n);
    },
  });

  new Gauge({
    name: "outreach_webhook_deliveries",
    help: "Webhook deliveries waiting to go (pending) or given up on (dead) (whole service).",
    labelNames: ["status"],
    registers,
    async collect() {
      const found = await rows<{ status: string; n: number }>(
        `SELECT status::text AS status, count(*)::int AS n FROM webhook_deliveries WHERE status IN ('pending', 'dead') GROUP BY 1`,
      ).catch(() => null);
      if (!found) return this.reset();
      for (const status of ["pending", "dead"]) this.set({ status }, found.find((r) => r.status === status)?.n ?? 0);
    },
  });

  new Gauge({
    name: "outreach_sends_held",
    help: "Approved drafts held at send by an account's limits or a person's opt-out (whole service; docs/sending-limits.md).",
    registers,
    async collect() {
      const found = await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM drafts WHERE held_reason IS NOT NULL AND state IN ('approved', 'armed')`,
      ).catch(() => null);
      if (found) this.set(found[0]!.n);
      else this.reset();
    },
  });
}
