import type { RunLogEvent } from "@/lib/events/types";

export interface RunEventRow {
  id: number;
  runId: number;
  seq: number;
  type: string;
  payload: unknown;
  createdAt: Date;
}

/**
 * A stored run event as the log view reads it. The relative time comes from `payload.tUs`, the dispatcher's
 * microsecond clock since the run started (a timestamptz keeps microseconds too, but JS Dates drop them).
 */
export function toRunLogEvent(row: RunEventRow): RunLogEvent {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  const tUs = typeof payload.tUs === "number" ? payload.tUs : 0;
  return { id: row.id, runId: row.runId, seq: row.seq, type: row.type, payload, at: row.createdAt.toISOString(), tUs };
}
