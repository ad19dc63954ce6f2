// GET /api/export/[resource] (SPEC 4 "Export"): the CSV body as a stream. csv-stringify writes RFC 4180 (quotes around
// cells with a comma, a quote or a line break, quotes doubled), text cells are neutralised against formula injection,
// and rows flow from the database batch by batch with back-pressure: a slow client slows the reads, and memory holds
// about one batch whatever the export's size.
import { once } from "node:events";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { exportBatches } from "@/lib/export/export-batches";
import { neutralizeCell } from "@/lib/export/neutralize-cell";
import { EXPORT_COLUMNS, type ExportQuery, type ExportResource } from "@/lib/export/schemas";
import { log } from "@/lib/log/logger";

export function streamExport<R extends ExportResource>({ orgId, resource, query, signal }: { orgId: number; resource: R; query: ExportQuery<R>; signal?: AbortSignal }): ReadableStream<Uint8Array> {
  const csv = stringify({
    header: true,
    columns: EXPORT_COLUMNS[resource],
    record_delimiter: "unix",
    cast: { string: neutralizeCell },
  });
  const pump = async () => {
    for await (const rows of exportBatches(resource, orgId, query)) {
      for (const row of rows) {
        if (signal?.aborted || csv.destroyed) return;
        if (!csv.write(row)) await once(csv, "drain");
      }
    }
    csv.end();
  };
  pump().catch((err) => {
    log.error("export failed", { resource, error: (err as Error).message });
    csv.destroy(err as Error);
  });
  signal?.addEventListener("abort", () => csv.destroy(), { once: true });
  return Readable.toWeb(csv) as unknown as ReadableStream<Uint8Array>;
}

/** `<resource>-<YYYY-MM-DD>.csv`, dated in UTC like every date the dashboard prints. */
export function exportFilename(resource: ExportResource, now: Date = new Date()): string {
  return `${resource}-${now.toISOString().slice(0, 10)}.csv`;
}
