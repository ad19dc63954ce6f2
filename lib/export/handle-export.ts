// The export's request handling, shared by the route (app/api/export/[resource]/route.ts: development and tests) and
// the native path that serves it under `next start` with compression of its own (serve-export-natively.ts).
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import { withOrg } from "@/lib/http/with-org";
import { notFound } from "@/lib/http/errors";
import { EXPORT_QUERIES, EXPORT_RESOURCES, type ExportResource } from "@/lib/export/schemas";
import { exportFilename, streamExport } from "@/lib/export/stream-export";

// Any resource name is accepted by the schema so that an unknown one answers 404, like any missing thing.
export const ExportParams = z.object({ resource: ZText.max(100) });

/** The CSV download for an authenticated organization; the route and the native path wrap it the same way. */
export async function answerExport({ req, orgId, params }: { req: Request; orgId: number; params: z.infer<typeof ExportParams> }) {
  if (!(EXPORT_RESOURCES as readonly string[]).includes(params.resource)) throw notFound("Export");
  const resource = params.resource as ExportResource;
  const query = EXPORT_QUERIES[resource].parse(Object.fromEntries(new URL(req.url).searchParams));
  return new Response(streamExport({ orgId, resource, query: query as never }), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFilename(resource)}"`,
      // Never compressed by Next on the way (at its level gzip costs more than producing the CSV): under `next start`
      // the native path compresses it at a cheap level for a client that asks (lib/export/serve-export-natively.ts).
      "cache-control": "no-store, no-transform",
      "x-content-type-options": "nosniff",
    },
  });
}

/** The same handler as the route's GET, for the native path. */
export const handleExport = withOrg({ params: ExportParams }, answerExport);
