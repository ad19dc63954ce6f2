// outcome-rollups: keeps the Outcomes numbers current (docs/outcomes.md). Each minute every organization's touched
// days are recomputed from its drafts and runs; an organization another instance is refreshing is skipped this tick.
import { db } from "@/lib/db/client";
import { refreshOutcomes } from "@/lib/outcomes/refresh-outcomes";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";

export interface OutcomeRollupsResult {
  organizations: number;
  days: number;
  skipped: number;
}

export async function outcomeRollups({ log, orgIds }: JobContext): Promise<OutcomeRollupsResult> {
  // Across organizations: the job serves all of them, and each refresh reads and writes one organization's rows.
  const orgs = await db.organization.findMany({ where: orgIds ? { id: { in: orgIds } } : {}, select: { id: true }, orderBy: { id: "asc" } });
  const result: OutcomeRollupsResult = { organizations: 0, days: 0, skipped: 0 };
  for (const org of orgs) {
    const refreshed = await refreshOutcomes({ orgId: org.id });
    if (refreshed.skipped) result.skipped++;
    else if (refreshed.days.length > 0) {
      result.organizations++;
      result.days += refreshed.days.length;
    }
  }
  if (result.days > 0) log.info("outcome days recomputed", { ...result });
  return result;
}

export const outcomeRollupsJob: JobDefinition<OutcomeRollupsResult> = {
  id: "outcome-rollups",
  cron: "* * * * *",
  description: "Recomputes the Outcomes numbers of the days whose drafts or runs changed",
  run: outcomeRollups,
};
