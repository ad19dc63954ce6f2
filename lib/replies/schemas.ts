// Input schemas of the replies domain, shared by the routes and the API reference.
import { z } from "zod";

/** POST /api/drafts/[id]/reply-drafting takes no options; an empty object keeps stray fields from passing silently. */
export const ZRetryReplyDraftingBody = z.object({}).strict();
