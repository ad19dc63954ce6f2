// removal-check: looks again at sent public posts and comments 1 h and 24 h after their send, as a signed-out visitor
// would, and records whether they are still visible (lib/removal-checks/, docs/removal-checks.md). The due times live
// on the drafts, so any engine (the embedded worker's crontab, Trigger.dev) runs the same tick, and two workers claim
// disjoint checks.
import { checkDueDrafts, type CheckDueResult } from "@/lib/removal-checks/check-due-drafts";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";

export async function removalCheck({ now, log, orgIds }: JobContext): Promise<CheckDueResult> {
  // The tick's `now` decides what is due; each result is then stamped with the time it was seen.
  let first = true;
  const clock = () => {
    if (first) {
      first = false;
      return now;
    }
    return new Date(Math.max(Date.now(), now.getTime()));
  };
  const result = await checkDueDrafts({ now: clock, orgIds, log });
  if (result.claimed) log.info("removal-check tick", { ...result });
  return result;
}

export const removalCheckJob: JobDefinition<CheckDueResult> = {
  id: "removal-check",
  cron: "* * * * *",
  description: "Checks sent posts and comments 1 h and 24 h after sending: still visible, removed, deleted or not visible",
  run: removalCheck,
};
