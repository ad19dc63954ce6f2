// What a followup_drafting run is bound to (runs.params, written when the tick enqueued it): the placeholder it fills
// in, the message it follows and the step. The agent never names any of them.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

export interface FollowupRunParams {
  draftId: number;
  followsDraftId: number | null;
  step: number | null;
}

const int = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null);

/** Reads the run row of this organization only; a run without a placeholder is refused. */
export async function getFollowupRunParams({ orgId, runId }: { orgId: number; runId: number }): Promise<FollowupRunParams> {
  const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { params: true } });
  const params = (run?.params ?? {}) as Record<string, unknown>;
  const draftId = int(params.draftId);
  if (draftId === null) throw new AppError("conflict", "This run is not bound to a follow-up draft");
  return { draftId, followsDraftId: int(params.followsDraftId), step: int(params.step) };
}
