// The database server ends the app's connections (a restart, a failover, an administrator's pg_terminate_backend)
// while they rest in the pool. The process must keep running and the next query must get a new connection. This file
// makes its own database, so ending every connection to it disturbs no other test file.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { useOwnDatabase } from "./own-database";

const database = useOwnDatabase("connlost");

async function endEveryConnectionTo(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const ended = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    return ended.rowCount;
  } finally {
    await admin.end();
  }
}

describe("a pooled connection ended by the server", () => {
  it("is dropped without ending the process, and the next queries, raw and through Prisma, succeed", async () => {
    const { getPool, db } = await import("@/lib/db/client");
    // The hot read paths (the inbox list, the session's membership check) query the pool before Prisma has connected.
    const pool = getPool();
    await Promise.all([pool.query("SELECT 1"), pool.query("SELECT 2")]);
    expect(pool.idleCount).toBeGreaterThan(0);

    expect(await endEveryConnectionTo(database().url)).toBeGreaterThan(0);
    // The pool notices, drops the ended connections (emitting "error" for each) and carries on.
    await expect.poll(() => pool.totalCount, { timeout: 5000 }).toBe(0);

    expect((await pool.query<{ n: number }>("SELECT 3 AS n")).rows).toEqual([{ n: 3 }]);
    expect(await db.organization.count()).toBe(0);

    // Once Prisma is connected too, the same again.
    await endEveryConnectionTo(database().url);
    await expect.poll(() => pool.totalCount, { timeout: 5000 }).toBe(0);
    expect(await db.organization.count()).toBe(0);
  });
});
