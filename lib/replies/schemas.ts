// Input schemas of the replies domain, shared by the routes and the API reference.
import { z } from "zod";
import { ZReplyIntent } from "@/lib/replies/reply-intent";

/** POST /api/drafts/[id]/reply-drafting takes no options; an empty object keeps stray fields from passing silently. */
export const ZRetryReplyDraftingBody = z.object({}).strict();

/** PUT /api/messages/[id]/intent: the reviewer's correction (docs/conversations.md "Reply intent"). */
export const ZReplyIntentBody = z
  .object({ intent: ZReplyIntent.describe("What the reply means: interested, question, not_now, not_interested, out_of_office, opt_out or other") })
  .strict();
