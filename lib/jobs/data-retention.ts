// data-retention: once a night, each organization that turned retention on loses its conversations and rejected or
// expired drafts older than its retention days (docs/privacy.md "Retention", lib/privacy/apply-retention.ts).
import { db } from "@/lib/db/client";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";
import { applyRetention } from "@/lib/privacy/apply-retention";

export interface DataRetentionResult {
  organizations: number;
  conversations: number;
  messages: number;
  drafts: number;
}

export async function dataRetention({ now, log, orgIds }: JobContext): Promise<DataRetentionResult> {
  // Across organizations (a job-only read): only those with retention on.
  const orgs = await db.appConfig.findMany({
    where: { retentionDays: { not: null }, ...(orgIds ? { organizationId: { in: orgIds } } : {}) },
    select: { organizationId: true },
    orderBy: { organizationId: "asc" },
  });
  const result: DataRetentionResult = { organizations: 0, conversations: 0, messages: 0, drafts: 0 };
  for (const { organizationId } of orgs) {
    const pass = await applyRetention({ orgId: organizationId, now });
    if (pass.skipped) continue;
    result.organizations++;
    result.conversations += pass.conversations;
    result.messages += pass.messages;
    result.drafts += pass.drafts;
  }
  if (result.organizations > 0) log.info("retention applied", { ...result });
  return result;
}

export const dataRetentionJob: JobDefinition<DataRetentionResult> = {
  id: "data-retention",
  cron: "41 2 * * *",
  description: "Deletes old conversations and rejected or expired drafts where an organization turned retention on",
  run: dataRetention,
};
