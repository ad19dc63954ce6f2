import type { RunLogEvent } from "@/lib/events/types";
import { isCloudEdition } from "@/lib/edition/edition";
import { redactRunEventPayload, redactServerPaths } from "@/lib/runs/redact-run-event";

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
 * microsecond clock since the run started (a timestamptz keeps microseconds too, but JS Dates drop them). Every event
 * that leaves for a page, the API or the stream passes here: in the cloud edition it is redacted first, so a
 * customer's browser never receives the service's command lines, paths or session ids (lib/runs/redact-run-event.ts).
 */
export function toRunLogEvent(row: RunEventRow): RunLogEvent {
  const stored = (row.payload ?? {}) as Record<string, unknown>;
  const payload = isCloudEdition() ? redactRunEventPayload(row.type, stored) : stored;
  const tUs = typeof payload.tUs === "number" ? payload.tUs : 0;
  return { id: row.id, runId: row.runId, seq: row.seq, type: row.type, payload, at: row.createdAt.toISOString(), tUs };
}

/** A run's error as a page or the API shows it: in the cloud edition, without the paths of the machine it ran on. */
export function runErrorForViewer(error: string | null): string | null {
  return error !== null && isCloudEdition() ? redactServerPaths(error) : error;
}
