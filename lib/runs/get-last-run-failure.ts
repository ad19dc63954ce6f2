// The campaign page's failure notice: the campaign's most recent finished run, when it failed. A run someone
// cancelled says nothing about whether the campaign can run, so it is passed over; a later success clears the notice.
import { runErrorForViewer } from "@/lib/runs/run-log-event";
import { db } from "@/lib/db/client";
import { getAuthFailureSource } from "@/lib/runs/get-auth-failure-source";
import type { AuthFailureSource } from "@/lib/runs/explain-run-failure";

export interface LastRunFailure {
  runId: number;
  kind: string;
  runner: string;
  projectId: number | null;
  failureReason: string;
  error: string | null;
  finishedAt: string;
  /** For `auth_expired`: whose sign-in failed; null for other reasons. */
  authSource: AuthFailureSource | null;
  /** When an account's sign-in failed: the project's account the platform refused most recently. */
  failedAccount: { id: number; handle: string } | null;
}

export async function getLastRunFailure({ orgId, campaignId }: { orgId: number; campaignId: number }): Promise<LastRunFailure | null> {
  const last = await db.run.findFirst({
    where: {
      organizationId: orgId,
      campaignId,
      status: { in: ["success", "failed"] },
      finishedAt: { not: null },
      OR: [{ failureReason: null }, { failureReason: { not: "cancelled" } }],
    },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    select: { id: true, kind: true, status: true, runner: true, projectId: true, failureReason: true, error: true, finishedAt: true },
  });
  if (!last || last.status !== "failed" || !last.finishedAt) return null;
  const failureReason = last.failureReason ?? "unknown";
  const authSource = failureReason === "auth_expired" ? await getAuthFailureSource({ orgId, runId: last.id }) : null;
  const failed =
    authSource === "account" && last.projectId
      ? await db.account.findFirst({
          where: { organizationId: orgId, projectId: last.projectId, lastFailedAt: { not: null } },
          orderBy: [{ lastFailedAt: "desc" }, { id: "asc" }],
          select: { id: true, platformId: true },
        })
      : null;
  return {
    runId: last.id,
    kind: last.kind,
    runner: last.runner,
    projectId: last.projectId,
    failureReason,
    error: runErrorForViewer(last.error),
    finishedAt: last.finishedAt.toISOString(),
    authSource,
    failedAccount: failed ? { id: failed.id, handle: failed.platformId } : null,
  };
}
