// GET /api/export/[resource]?format=csv - drafts, contacts or conversations as a streamed CSV download with the
// matching page's filters; another format is 400, another resource 404 (session). Under `next start` it is served
// natively, gzip-compressed at a cheap level when the client asks (lib/export/serve-export-natively.ts).
import { withOrg } from "@/lib/http/with-org";
import { answerExport, ExportParams } from "@/lib/export/handle-export";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withOrg({ params: ExportParams }, answerExport);
