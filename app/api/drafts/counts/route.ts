// GET /api/drafts/counts - how many drafts each inbox tab holds under the current filters (session)
// Under `next start` the same handler answers before Next routes the request (lib/http/serve-json-natively.ts).
import { handleCountDrafts } from "@/lib/drafts/inbox-handlers";

export const GET = handleCountDrafts;
