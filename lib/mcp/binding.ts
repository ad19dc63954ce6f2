// The binding of one tool-server session to one run (SPEC "Agent tool interface"): the dispatcher gives the agent
// OUTREACH_RUN_ID and a secret; everything else (organization, campaign, project) is resolved here from the run row,
// so the agent never passes an id and cannot reach another organization or another campaign.
import { timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashRunToken } from "@/lib/runs/run-token";

export interface RunBinding {
  orgId: number;
  runId: number;
  kind: string;
  campaignId: number | null;
  projectId: number | null;
}

/** Throws `unauthorized` for an unknown run or a wrong secret, and `conflict` once the run has finished. */
export async function resolveRunBinding({ runId, token }: { runId: number; token: string }): Promise<RunBinding> {
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { id: true, organizationId: true, kind: true, campaignId: true, projectId: true, status: true, runTokenHash: true },
  });
  const given = Buffer.from(hashRunToken(token));
  const stored = Buffer.from(run?.runTokenHash ?? "");
  if (!run || stored.length !== given.length || !timingSafeEqual(stored, given)) {
    throw new AppError("unauthorized", "Unknown run or wrong run token");
  }
  if (run.status !== "running") throw new AppError("conflict", `Run ${run.id} has finished (${run.status}); its tools are closed`);
  return { orgId: run.organizationId, runId: run.id, kind: run.kind, campaignId: run.campaignId, projectId: run.projectId };
}

/** Contract tools belong to one kind of run (draft_regen_* to draft_regeneration, …); other runs get a clear refusal. */
export function requireRunKind(binding: RunBinding, tool: string, ...kinds: string[]): void {
  if (!kinds.includes(binding.kind)) {
    throw new AppError("conflict", `${tool} belongs to ${kinds.join(" or ")} runs; this run is a ${binding.kind} run`);
  }
}
