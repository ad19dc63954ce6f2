import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { runErrorForViewer } from "@/lib/runs/run-log-event";
import { runSummarySelect, toRunSummary, type RunStatusValue, type RunSummary } from "@/lib/runs/run-summary";

export interface ListRunsInput {
  orgId: number;
  campaignId?: number;
  projectId?: number;
  failureReason?: string;
  status?: RunStatusValue;
  /** Newest first; 50 unless told (the campaign history and Home show a page, not the archive). */
  limit?: number;
}

const MAX_LIMIT = 200;

/** The organization's runs, newest first, as summaries. */
export async function listRuns({ orgId, campaignId, projectId, failureReason, status, limit = 50 }: ListRunsInput): Promise<RunSummary[]> {
  const where: Prisma.RunWhereInput = {
    organizationId: orgId,
    ...(campaignId !== undefined ? { campaignId } : {}),
    ...(projectId !== undefined ? { projectId } : {}),
    ...(failureReason !== undefined ? { failureReason } : {}),
    ...(status !== undefined ? { status } : {}),
  };
  const rows = await db.run.findMany({
    where,
    // id breaks ties between runs started in the same microsecond (bulk dispatch).
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(1, limit), MAX_LIMIT),
    select: runSummarySelect(orgId),
  });
  return rows.map((r) => {
    const summary = toRunSummary(r, orgId);
    return { ...summary, error: runErrorForViewer(summary.error) };
  });
}
