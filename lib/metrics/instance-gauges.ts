// Gauges about this process alone, read when scraped: its database pool and its open live streams.
import { Gauge, type Registry } from "prom-client";
import { getPool } from "@/lib/db/client";
import { openEventStreamCount } from "@/lib/events/event-stream-session";

export function registerInstanceGauges(registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: "outreach_db_pool_connections",
    help: "This instance's database connections (Prisma and the hot read paths share one pool), in use or idle.",
    labelNames: ["state"],
    registers,
    collect() {
      const pool = poolIfOpen();
      this.set({ state: "in_use" }, pool ? pool.totalCount - pool.idleCount : 0);
      this.set({ state: "idle" }, pool?.idleCount ?? 0);
    },
  });
  new Gauge({
    name: "outreach_db_pool_waiting",
    help: "Queries of this instance waiting for a free connection of its pool (above zero for long: the pool is too small or queries too slow).",
    registers,
    collect() {
      this.set(poolIfOpen()?.waitingCount ?? 0);
    },
  });
  new Gauge({
    name: "outreach_live_streams_open",
    help: "Live event streams (GET /api/stream) this instance holds open.",
    registers,
    collect() {
      this.set(openEventStreamCount());
    },
  });
}

function poolIfOpen() {
  // Before boot has published the database's address there is no pool to read, and none should be made for a scrape.
  if (!process.env.DATABASE_URL) return null;
  return getPool();
}
