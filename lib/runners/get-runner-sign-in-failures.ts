// Settings > Agent runners: which runners have just failed to sign in for this organization. `--version` detection
// only proves a CLI is installed; a run is the first thing that finds out it has no key. Rule (docs/runners.md,
// "Sign-in failures"): a runner's most recent finished run in the organization, within the last 24 hours, failed
// `auth_expired` on the runner's own sign-in. Any later finished run of that runner replaces it, a success above
// all; cancelled runs are passed over, they say nothing about sign-in.
import { db } from "@/lib/db/client";
import { getAuthFailureSource } from "@/lib/runs/get-auth-failure-source";

/** How long a sign-in failure is news: long enough to be seen the next working day, short enough to go stale. */
export const SIGN_IN_FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RunnerSignInFailure {
  runner: string;
  runId: number;
  failedAt: string;
  error: string | null;
}

export async function getRunnerSignInFailures({ orgId, now = new Date() }: { orgId: number; now?: Date }): Promise<RunnerSignInFailure[]> {
  // One row per runner, its most recent finished run, chosen by PostgreSQL (DISTINCT ON): a busy organization
  // finishes thousands of scheduled runs a day, and only one per runner matters here.
  const latest = await db.$queryRaw<{ id: number; runner: string; failureReason: string | null; error: string | null; finishedAt: Date }[]>`
    SELECT DISTINCT ON (runner) id, runner, failure_reason AS "failureReason", error, finished_at AS "finishedAt"
    FROM runs
    WHERE organization_id = ${orgId} AND status IN ('success', 'failed')
      AND finished_at >= ${new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_MS)}
      AND failure_reason IS DISTINCT FROM 'cancelled'
    ORDER BY runner, finished_at DESC, id DESC`;
  const failures: RunnerSignInFailure[] = [];
  for (const run of latest) {
    if (run.failureReason !== "auth_expired") continue;
    if ((await getAuthFailureSource({ orgId, runId: run.id })) !== "runner") continue;
    failures.push({ runner: run.runner, runId: run.id, failedAt: run.finishedAt.toISOString(), error: run.error });
  }
  return failures;
}
