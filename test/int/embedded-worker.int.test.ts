// The embedded engine (graphile-worker) on the test database: two workers share the queue and run each job once,
// a job that fails is retried by the engine with its record kept, and the crontab it is given parses. The jobs here
// are test jobs; the real ones would tick every organization of the shared test database.
import { afterAll, describe, expect, it } from "vitest";
import { parseCrontab, type Runner } from "graphile-worker";
import { db } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { JOBS } from "@/lib/jobs/catalog";
import { crontabFor, startEmbeddedWorker } from "@/lib/jobs/embedded-worker";
import type { JobDefinition } from "@/lib/jobs/job";
import { uid } from "./fixtures";

const runners: Runner[] = [];
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
});

// Cron slots of a test job never come during a test: February 30th.
const NEVER = "0 0 30 2 *";

async function twoWorkers(jobs: JobDefinition[]) {
  for (let i = 0; i < 2; i++) {
    runners.push(await startEmbeddedWorker({ connectionString: databaseUrl(), jobs, pollIntervalMs: 200 }));
  }
  return runners.slice(-2) as [Runner, Runner];
}

describe("embedded worker", () => {
  it("two workers on one database run each queued job exactly once", async () => {
    let executions = 0;
    const job: JobDefinition = { id: `count-${uid()}`, cron: NEVER, description: "test", run: async () => { executions += 1; await new Promise((r) => setTimeout(r, 20)); } };
    const [a, b] = await twoWorkers([job]);
    await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).addJob(job.id, { n: i })));
    await expect.poll(() => executions, { timeout: 20_000 }).toBe(30);
    await new Promise((r) => setTimeout(r, 1000));
    expect(executions).toBe(30);
    expect(await db.jobState.findUniqueOrThrow({ where: { job: job.id } })).toMatchObject({ runs: 30, failures: 0, lastOutcome: "ok" });
  });

  it("a failing job is recorded and retried by the engine until it succeeds", async () => {
    let attempts = 0;
    const job: JobDefinition = {
      id: `flaky-${uid()}`,
      cron: NEVER,
      description: "test",
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("the database blinked");
        return { attempts };
      },
    };
    const [a] = await twoWorkers([job]);
    await a.addJob(job.id, {});
    await expect.poll(async () => (await db.jobState.findUnique({ where: { job: job.id } }))?.lastOutcome, { timeout: 20_000 }).toBe("ok");
    expect(await db.jobState.findUniqueOrThrow({ where: { job: job.id } })).toMatchObject({ runs: 2, failures: 1, lastDetail: { attempts: 2 }, lastError: null });
  });

  it("the crontab of the real jobs is one line per job, on its cron, with a retry limit", () => {
    const parsed = parseCrontab(crontabFor(JOBS));
    expect(parsed.map((item) => item.task)).toEqual(JOBS.map((j) => j.id));
    expect(parsed.every((item) => item.options.maxAttempts === 3)).toBe(true);
  });
});
