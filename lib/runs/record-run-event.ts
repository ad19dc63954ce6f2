// Appends one event to a run's log, in order, and announces it as `run:log`. The dispatcher is the only writer of a
// run's log, and it writes one event at a time, so `seq` is taken from a counter it holds (see RunEventWriter).
import type { Prisma } from "@/lib/generated/prisma/client";
import { getPool } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";
import { log } from "@/lib/log/logger";

export interface RunEventWriter {
  write(type: string, payload: Record<string, unknown>): Promise<void>;
  /** Resolves once every queued event is stored. */
  flush(): Promise<void>;
  /**
   * What the agent said that can explain a failure (the classifier reads it): stderr, its messages, failed tool
   * calls and errors. Successful tool outputs are left out: a template or a post that mentions "quota" says nothing
   * about the run.
   */
  texts(): Array<{ type: string; text: string }>;
}

const MAX_TEXT = 20_000;

/**
 * Events are queued and written in arrival order on one chain, each stamped with microseconds since the run
 * started (`tUs`) at the moment it arrived, not when it was stored.
 */
export function runEventWriter({ orgId, runId, startedAt }: { orgId: number; runId: number; startedAt: bigint }): RunEventWriter {
  let seq = 0;
  let chain: Promise<void> = Promise.resolve();
  const seen: Array<{ type: string; text: string }> = [];
  return {
    write(type, payload) {
      const tUs = Number((process.hrtime.bigint() - startedAt) / 1000n);
      const at = new Date();
      const body = { ...clip(payload), tUs } as Prisma.InputJsonObject;
      if (explainsFailure(type, payload)) seen.push({ type, text: String(payload.text ?? payload.detail ?? JSON.stringify(payload)) });
      const n = ++seq;
      chain = chain
        .then(() => insert(orgId, runId, n, type, body, at))
        .catch((err) => log.error("could not store a run event", { runId, seq: n, error: (err as Error).message }));
      return chain;
    },
    flush: () => chain,
    texts: () => seen,
  };
}

async function insert(orgId: number, runId: number, seq: number, type: string, payload: Prisma.InputJsonObject, at: Date) {
  const { rows } = await getPool().query<{ id: number }>(
    `INSERT INTO run_events (organization_id, run_id, seq, type, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [orgId, runId, seq, type, JSON.stringify(payload), at],
  );
  await publish({ o: orgId, t: "run:log", eventId: rows[0]!.id });
}

// One huge tool output must not bloat the log; the head is what a reader needs.
function clip(payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (typeof v === "string" && v.length > MAX_TEXT) out[k] = `${v.slice(0, MAX_TEXT)}… (${v.length - MAX_TEXT} more characters)`;
    else if (v !== undefined && typeof v === "object" && v !== null && JSON.stringify(v).length > MAX_TEXT) {
      out[k] = `${JSON.stringify(v).slice(0, MAX_TEXT)}… (truncated)`;
    } else if (v !== undefined) out[k] = v;
  }
  return out;
}

function explainsFailure(type: string, payload: Record<string, unknown>): boolean {
  if (type === "stderr" || type === "message_chunk") return true;
  if (type === "tool_call_update") return payload.status === "failed";
  return type === "lifecycle" && payload.phase === "error";
}
