import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { RunLogEvent } from "@/lib/events/types";
import { toRunLogEvent } from "@/lib/runs/run-log-event";

export interface ListRunEventsInput {
  orgId: number;
  runId: number;
  /** Only events after this sequence number (a live view catching up after a reconnect). */
  afterSeq?: number;
  limit?: number;
}

/** The run's log in order. Another organization's run answers like a missing one. */
export async function listRunEvents({ orgId, runId, afterSeq, limit = 5000 }: ListRunEventsInput): Promise<{ events: RunLogEvent[]; hasMore: boolean }> {
  const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { id: true } });
  if (!run) throw notFound("Run");
  const rows = await db.runEvent.findMany({
    where: { organizationId: orgId, runId, ...(afterSeq !== undefined ? { seq: { gt: afterSeq } } : {}) },
    orderBy: { seq: "asc" },
    take: limit + 1,
    select: { id: true, runId: true, seq: true, type: true, payload: true, createdAt: true },
  });
  return { events: rows.slice(0, limit).map(toRunLogEvent), hasMore: rows.length > limit };
}
