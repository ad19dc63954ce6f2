// GET /api/export/[resource] (SPEC 4 "Export"): the CSV body as a stream. PostgreSQL writes the CSV (RFC 4180: quotes
// around cells with a comma, a quote or a line break, quotes doubled, one header row), with text cells neutralised
// against formula injection in the same statement (lib/export/neutralize-cell.ts), one keyset batch per COPY
// (lib/export/export-batches.ts). Node only passes bytes on.
//
// AHEAD batches are copied at once on their own pooled connections (two PostgreSQL backends use both cores while
// Node writes the batch before them), each read whole into memory and its connection given back at once, so a slow
// download never holds a connection. The response pulls: a batch is yielded only when the client has taken the one
// before it, and no new batch starts until then, so memory holds at most AHEAD + 1 batches (a few MB) whatever the
// export's size, and a slow client slows the reads.
//
// The route marks the body `no-transform`, so Next does not gzip it: at its compression level that costs a core more
// than producing the CSV (a million rows ran at 0.3x of COPY with gzip, over 0.5x without; bench/export). Under
// `next start` the export is served natively instead, gzip at level 1 for a client that asks
// (lib/export/serve-export-natively.ts).
import { to as copyTo } from "pg-copy-streams";
import { getPool } from "@/lib/db/client";
import { boundarySql, copySql, exportPlan, BATCH, type ExportPlan } from "@/lib/export/export-batches";
import type { ExportQuery, ExportResource } from "@/lib/export/schemas";
import { log } from "@/lib/log/logger";

const AHEAD = 2;

async function copyBatch(plan: ExportPlan, last: number, bound: number | null, header: boolean): Promise<Buffer> {
  const client = await getPool().connect();
  let finished = false;
  try {
    const parts: Buffer[] = [];
    for await (const chunk of client.query(copyTo(copySql(plan, last, bound, header))) as AsyncIterable<Buffer>) parts.push(chunk);
    finished = true;
    return Buffer.concat(parts);
  } finally {
    // A COPY that failed half way leaves the connection mid-protocol: it is closed rather than given back.
    client.release(!finished);
  }
}

/** The CSV of an export, one chunk per batch. */
export async function* exportCsvChunks<R extends ExportResource>(resource: R, orgId: number, query: ExportQuery<R>, batch = BATCH): AsyncGenerator<Uint8Array> {
  const plan = exportPlan(resource, orgId, query);
  const inFlight: Promise<Buffer>[] = [];
  // Where the next batch starts; null once the last one is under way.
  let next: number | null = 0;
  const startBatches = async () => {
    while (inFlight.length < AHEAD && next !== null) {
      const last: number = next;
      const { rows } = await getPool().query<[number]>({ text: boundarySql(plan, last, batch), rowMode: "array" });
      const bound = rows.length ? rows[0]![0] : null;
      const copy = copyBatch(plan, last, bound, last === 0);
      // Awaited in order below; a failure before then must not count as unhandled.
      copy.catch(() => undefined);
      inFlight.push(copy);
      next = bound;
    }
  };
  try {
    await startBatches();
    while (inFlight.length > 0) {
      const csv = await inFlight.shift()!;
      await startBatches();
      yield csv;
    }
  } finally {
    // Cancelled or failed: the batches still copying finish on their own and give their connections back.
    next = null;
  }
}

export function streamExport<R extends ExportResource>({ orgId, resource, query }: { orgId: number; resource: R; query: ExportQuery<R> }): ReadableStream<Uint8Array> {
  const chunks = exportCsvChunks(resource, orgId, query);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (err) {
          log.error("export failed", { resource, error: (err as Error).message });
          controller.error(err);
        }
      },
      async cancel() {
        // The download was abandoned: stop reading.
        await chunks.return(undefined);
      },
    },
    // Nothing queued here: the batches ahead are exportCsvChunks's.
    { highWaterMark: 0 },
  );
}

/** `<resource>-<YYYY-MM-DD>.csv`, dated in UTC like every date the dashboard prints. */
export function exportFilename(resource: ExportResource, now: Date = new Date()): string {
  return `${resource}-${now.toISOString().slice(0, 10)}.csv`;
}
