// GET /api/drafts/counts - how many drafts each inbox tab holds under the current filters (session)
// Under `next start` the same answer is served before Next routes the request (lib/http/serve-json-natively.ts).
import { withOrg } from "@/lib/http/with-org";
import { answerCountDrafts, COUNT_OPTIONS } from "@/lib/drafts/inbox-handlers";

export const GET = withOrg(COUNT_OPTIONS, answerCountDrafts);
