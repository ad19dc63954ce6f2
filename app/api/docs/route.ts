// GET /api/docs - the API reference page, rendered from the OpenAPI document (public, like the document itself).
// One HTML file with its own stylesheet: nothing is loaded from elsewhere, and the CSP says so.
import { withPublic } from "@/lib/http/with-public";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { referencePageCsp, renderReferenceHtml } from "@/lib/openapi/render-reference-html";

let page: { html: string; csp: string } | undefined;

export const GET = withPublic({}, async () => {
  page ??= { html: renderReferenceHtml(buildOpenApiDocument()), csp: referencePageCsp() };
  return new Response(page.html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": page.csp,
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=300",
    },
  });
});
