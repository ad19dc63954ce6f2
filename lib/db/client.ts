// The Prisma client, created on first use so boot can publish the embedded database's URL before it.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseUrl } from "@/lib/env";
import { log } from "@/lib/log/logger";

const globalForDb = globalThis as unknown as { __outreachPrisma?: PrismaClient; __outreachPool?: pg.Pool };

/**
 * The connection pool behind Prisma. Hot read paths that are one hand-written statement anyway (the inbox list,
 * the session's membership check) run on it directly: Prisma's raw-query path costs more than the query itself
 * there (bench/inbox, docs/performance.md).
 */
export function getPool(): pg.Pool {
  if (!globalForDb.__outreachPool) {
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 10 });
    // A connection resting in the pool can be ended by the server (a restart, a failover, an administrator): the pool
    // drops it and opens a new one on the next query, but it also emits "error", which ends the process when nothing
    // listens. Prisma listens only while it is connected, and the hot paths query the pool directly, so a process whose
    // first queries were raw ones (a script, a test) had no listener; this one holds from the pool's creation on.
    pool.on("error", (err) => log.warn("a pooled database connection was closed by the server", { error: err.message }));
    globalForDb.__outreachPool = pool;
  }
  return globalForDb.__outreachPool;
}

export function getDb(): PrismaClient {
  if (!globalForDb.__outreachPrisma) {
    globalForDb.__outreachPrisma = new PrismaClient({
      adapter: new PrismaPg(getPool()),
      // Short transactions queue for a pooled connection under bursts (bulk review, concurrent edits) instead of
      // failing after Prisma's default 2 s wait.
      transactionOptions: { maxWait: 10_000, timeout: 15_000 },
    });
  }
  return globalForDb.__outreachPrisma;
}

/** Lazy handle: `db.project.findMany(...)` resolves the client on first property access. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, key) {
    const client = getDb();
    const value = Reflect.get(client, key, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Ends Prisma and the pool, so scripts can exit cleanly and tests can switch databases. */
export async function closeDb(): Promise<void> {
  await globalForDb.__outreachPrisma?.$disconnect().catch(() => undefined);
  await globalForDb.__outreachPool?.end().catch(() => undefined);
  globalForDb.__outreachPrisma = undefined;
  globalForDb.__outreachPool = undefined;
}
