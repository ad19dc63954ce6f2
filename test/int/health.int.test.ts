// GET /api/health/live and /api/health/ready as a load balancer reads them: the readiness route's four checks each
// turned to failing for real (a database that does not answer, a migration this release has that the database lacks,
// the job engine stopped, a stop under way), with a 503 that names the failing check and nothing more.
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import * as live from "@/app/api/health/live/route";
import * as ready from "@/app/api/health/ready/route";
import { db } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { checkReadiness } from "@/lib/health/check-readiness";
import { jobEngineStatus } from "@/lib/jobs/job-engine-status";
import { startBackgroundWork } from "@/lib/jobs/start-background-work";
import { markDrainingForTests } from "@/lib/boot/graceful-shutdown";
import { call } from "./http";
import { useOwnDatabase } from "./own-database";

// A database of this file's own: the job engine started below must not run jobs over other suites' rows.
useOwnDatabase("health");

const probe = () => call(async () => ready.GET(), { path: "/api/health/ready" });

let stopEngine: (() => Promise<void>) | undefined;
afterAll(async () => {
  await stopEngine?.();
});

describe("health routes", () => {
  it("liveness answers without touching anything", async () => {
    const res = await call(async () => live.GET(), { path: "/api/health/live" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("is not ready before the job engine has started, then ready once it runs", async () => {
    const before = await probe();
    expect(before.status).toBe(503);
    expect(before.json).toMatchObject({ error: "not_ready", failing: ["jobs"], checks: { database: "ok", migrations: "ok", jobs: "failing", draining: "ok" } });

    const { runner } = await startBackgroundWork();
    expect(runner).not.toBeNull();
    stopEngine = () => runner!.stop();
    const after = await probe();
    expect(after.status).toBe(200);
    expect(after.json).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok", draining: "ok" } });
  });

  it("a migration of this release missing from the database makes it not ready", async () => {
    const newest = await db.$queryRaw<{ migration_name: string }[]>`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`;
    const name = newest[0]!.migration_name;
    // As if the database were the previous release's: the newest migration is not recorded as applied.
    await db.$executeRaw`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = ${name}`;
    try {
      const res = await probe();
      expect(res.status).toBe(503);
      expect(res.json.failing).toEqual(["migrations"]);
    } finally {
      await db.$executeRaw`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = ${name}`;
    }
    expect((await probe()).status).toBe(200);
  });

  it("a database that does not answer fails the database check only, and says nothing about why", async () => {
    // A pool pointed at a port nobody listens on: the connection is refused.
    const url = new URL(databaseUrl());
    url.port = "1";
    const pool = new pg.Pool({ connectionString: url.toString(), connectionTimeoutMillis: 1000 });
    try {
      const result = await checkReadiness({ pool });
      expect(result).toEqual({ ready: false, failing: ["database"], checks: { database: "failing", migrations: "unknown", jobs: "ok", draining: "ok" } });
    } finally {
      await pool.end();
    }
  });

  it("a stopped job engine makes it not ready", async () => {
    await stopEngine!();
    stopEngine = undefined;
    await expect.poll(() => jobEngineStatus()).toBe("stopped");
    const res = await probe();
    expect(res.status).toBe(503);
    expect(res.json.failing).toEqual(["jobs"]);
  });

  it("while draining it answers 503 naming the check, and nothing a stranger should not see", async () => {
    markDrainingForTests();
    const res = await probe();
    expect(res.status).toBe(503);
    expect(res.json.failing).toEqual(["jobs", "draining"]);
    expect(res.json.message).toBe("Not ready: jobs, draining");
    expect(Object.keys(res.json).sort()).toEqual(["checks", "error", "failing", "message"]);
    const text = JSON.stringify(res.json);
    for (const secret of [url().hostname, url().port, url().pathname.slice(1), "postgres", "graphile", process.version]) expect(text).not.toContain(secret);
  });
});

const url = () => new URL(databaseUrl());
