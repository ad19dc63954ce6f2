// GET /api/people/export?platform=&handle=&format=json|html - everything held about one person across the
// organization's projects, as JSON or a readable page (session or API key; docs/privacy.md)
import { withOrg } from "@/lib/http/with-org";
import { ZPersonQuery } from "@/lib/privacy/schemas";
import { answerPersonExport } from "@/lib/privacy/answer-person-export";

export const dynamic = "force-dynamic";

export const GET = withOrg({ query: ZPersonQuery }, ({ orgId, query }) => answerPersonExport({ orgId, query }));
