// Whether this instance should be sent traffic (GET /api/health/ready): its database answers, every migration of this
// release is applied there, its job engine runs, and it is not stopping. One statement per probe, so a balancer can
// ask every second or two. The answer names checks only: no versions, addresses, counts or error texts, since anyone
// who can reach the port may ask.
import type pg from "pg";
import { getPool } from "@/lib/db/client";
import { migrationNames } from "@/lib/db/migrate";
import { isDraining } from "@/lib/boot/graceful-shutdown";
import { jobEngineStatus } from "@/lib/jobs/job-engine-status";

export type CheckName = "database" | "migrations" | "jobs" | "draining";
export type CheckResult = "ok" | "failing" | "unknown";

export interface Readiness {
  ready: boolean;
  checks: Record<CheckName, CheckResult>;
  /** The failing checks, in the order above. */
  failing: CheckName[];
}

/** A database that does not answer within this is as good as down to a balancer (its own timeout is about as long). */
const DATABASE_TIMEOUT_MS = 2000;

// Read once per process: the migrations this build shipped with do not change while it runs.
let expected: string[] | undefined;

export async function checkReadiness({ pool = getPool() }: { pool?: pg.Pool } = {}): Promise<Readiness> {
  expected ??= migrationNames();
  const checks: Record<CheckName, CheckResult> = { database: "unknown", migrations: "unknown", jobs: "ok", draining: "ok" };
  try {
    // One statement answers both: the database is there, and how many of this release's migrations it has applied.
    const applied = await withTimeout(
      pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "_prisma_migrations"
          WHERE migration_name = ANY($1::text[]) AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        [expected],
      ),
      DATABASE_TIMEOUT_MS,
    );
    checks.database = "ok";
    checks.migrations = applied.rows[0]!.n === expected.length ? "ok" : "failing";
  } catch {
    checks.database = "failing";
  }
  const jobs = jobEngineStatus();
  checks.jobs = jobs === "ok" || jobs === "off" ? "ok" : "failing";
  checks.draining = isDraining() ? "failing" : "ok";
  const failing = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] !== "ok" && !(name === "migrations" && checks.database === "failing"));
  return { ready: failing.length === 0, checks, failing };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
