import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { runErrorForViewer } from "@/lib/runs/run-log-event";
import { runSummarySelect, toRunSummary, type RunSummary } from "@/lib/runs/run-summary";

export interface RunDetail extends RunSummary {
  playbookSlug: string | null;
  params: Record<string, unknown>;
  /** The run's drafts (the first 100), for a link to them in the inbox. */
  draftIds: number[];
}

/** One run of the organization. Another organization's run answers like a missing one. */
export async function getRun({ orgId, runId }: { orgId: number; runId: number }): Promise<RunDetail> {
  const row = await db.run.findFirst({
    where: { id: runId, organizationId: orgId },
    select: {
      ...runSummarySelect(orgId),
      playbookSlug: true,
      params: true,
      drafts: { where: { organizationId: orgId }, select: { id: true }, orderBy: { id: "asc" }, take: 100 },
    },
  });
  if (!row) throw notFound("Run");
  const params = row.params && typeof row.params === "object" && !Array.isArray(row.params) ? (row.params as Record<string, unknown>) : {};
  const summary = toRunSummary(row, orgId);
  return { ...summary, error: runErrorForViewer(summary.error), playbookSlug: row.playbookSlug, params, draftIds: row.drafts.map((d) => d.id) };
}
