import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { runSummarySelect, toRunSummary, type RunSummary } from "@/lib/runs/run-summary";

export interface RunDetail extends RunSummary {
  playbookSlug: string | null;
  params: Record<string, unknown>;
}

/** One run of the organization. Another organization's run answers like a missing one. */
export async function getRun({ orgId, runId }: { orgId: number; runId: number }): Promise<RunDetail> {
  const row = await db.run.findFirst({
    where: { id: runId, organizationId: orgId },
    select: { ...runSummarySelect(orgId), playbookSlug: true, params: true },
  });
  if (!row) throw notFound("Run");
  const params = row.params && typeof row.params === "object" && !Array.isArray(row.params) ? (row.params as Record<string, unknown>) : {};
  return { ...toRunSummary(row, orgId), playbookSlug: row.playbookSlug, params };
}
