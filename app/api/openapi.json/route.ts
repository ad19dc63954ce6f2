// GET /api/openapi.json - the public API's OpenAPI 3.1 document (public: it describes the shapes the routes accept,
// never anyone's data, and tools fetch it before they have a key)
import { withPublic } from "@/lib/http/with-public";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

export const GET = withPublic({}, async () =>
  // The document only changes with a deploy; built once per process and cacheable by clients for a while.
  Response.json(buildOpenApiDocument(), { headers: { "cache-control": "public, max-age=300" } }),
);
