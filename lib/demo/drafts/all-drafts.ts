// Every demo draft in one list, in the order ids are handed out.
// Outreach drafts come before the reply drafts that answer inside their threads.
import type { DraftSpec } from "@/lib/demo/drafts/draft-spec";
import { OAKHOLLOW_DRAFTS } from "@/lib/demo/drafts/oakhollow";
import { QUIETLEDGER_DRAFTS } from "@/lib/demo/drafts/quietledger";
import { REPLY_DRAFTS } from "@/lib/demo/drafts/replies";
import { TICKLOG_DRAFTS } from "@/lib/demo/drafts/ticklog";

export const DRAFTS: DraftSpec[] = [...TICKLOG_DRAFTS, ...OAKHOLLOW_DRAFTS, ...QUIETLEDGER_DRAFTS, ...REPLY_DRAFTS];
