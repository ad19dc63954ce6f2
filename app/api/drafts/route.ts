// GET /api/drafts - the review inbox list: filters, sorting, keyset pagination (session)
// Under `next start` the same answer is served before Next routes the request (lib/http/serve-json-natively.ts).
import { withOrg } from "@/lib/http/with-org";
import { answerListDrafts, LIST_OPTIONS } from "@/lib/drafts/inbox-handlers";

export const GET = withOrg(LIST_OPTIONS, answerListDrafts);
