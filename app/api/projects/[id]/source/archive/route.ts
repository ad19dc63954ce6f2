// PUT /api/projects/[id]/source/archive - the raw body (application/zip or application/gzip) becomes the project's source (session)
// No `body` schema: the archive is read as a counted stream by the domain function, never parsed as JSON.
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZArchiveQuery } from "@/lib/sources/schemas";
import { uploadProjectArchive } from "@/lib/sources/upload-project-archive";

const ZParams = z.object({ id: ZId });

export const PUT = withOrg({ params: ZParams, query: ZArchiveQuery }, async ({ orgId, params, query, req }) =>
  Response.json(
    await uploadProjectArchive({
      orgId,
      projectId: params.id,
      contentType: req.headers.get("content-type"),
      contentLength: req.headers.get("content-length"),
      body: req.body,
      name: query.name,
      signal: req.signal,
    }),
  ),
);
