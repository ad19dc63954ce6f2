// GET /api/export/[resource]?format=csv - drafts, contacts or conversations as a streamed CSV download with the
// matching page's filters; another format is 400, another resource 404 (session)
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import { withOrg } from "@/lib/http/with-org";
import { notFound } from "@/lib/http/errors";
import { EXPORT_QUERIES, EXPORT_RESOURCES, type ExportResource } from "@/lib/export/schemas";
import { exportFilename, streamExport } from "@/lib/export/stream-export";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Any resource name is accepted by the schema so that an unknown one answers 404, like any missing thing.
export const GET = withOrg({ params: z.object({ resource: ZText.max(100) }) }, async ({ req, orgId, params }) => {
  if (!(EXPORT_RESOURCES as readonly string[]).includes(params.resource)) throw notFound("Export");
  const resource = params.resource as ExportResource;
  const query = EXPORT_QUERIES[resource].parse(Object.fromEntries(new URL(req.url).searchParams));
  return new Response(streamExport({ orgId, resource, query: query as never }), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFilename(resource)}"`,
      // Sent as PostgreSQL writes it, never compressed on the way (lib/export/stream-export.ts).
      "cache-control": "no-store, no-transform",
      "x-content-type-options": "nosniff",
    },
  });
});
