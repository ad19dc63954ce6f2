// What a reply_drafting run is bound to (runs.params, written when it was enqueued): the placeholder it fills in,
// the draft that was answered and the inbound message. The agent never names any of them.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

export interface ReplyRunParams {
  draftId: number;
  parentDraftId: number | null;
  messageId: number | null;
}

const int = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null);

/** Reads the run row of this organization only; a run without a placeholder is refused. */
export async function getReplyRunParams({ orgId, runId }: { orgId: number; runId: number }): Promise<ReplyRunParams> {
  const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { params: true } });
  const params = (run?.params ?? {}) as Record<string, unknown>;
  const draftId = int(params.draftId);
  if (draftId === null) throw new AppError("conflict", "This run is not bound to a reply draft");
  return { draftId, parentDraftId: int(params.parentDraftId), messageId: int(params.messageId) };
}
