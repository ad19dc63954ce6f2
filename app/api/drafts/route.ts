// GET /api/drafts - the review inbox list: filters, sorting, keyset pagination (session)
// Under `next start` the same handler answers before Next routes the request (lib/http/serve-json-natively.ts).
import { handleListDrafts } from "@/lib/drafts/inbox-handlers";

export const GET = handleListDrafts;
