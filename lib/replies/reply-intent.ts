// The reply intents (issue 40 part 2; docs/conversations.md "Reply intent"): what an inbound reply means for the
// outreach. One vocabulary for the rule pass, the reply-drafting tool, the reviewer's correction, the Threads tab,
// Outcomes and the reply.received webhook.
import { z } from "zod";

export const REPLY_INTENTS = ["interested", "question", "not_now", "not_interested", "out_of_office", "opt_out", "other"] as const;
export type ReplyIntent = (typeof REPLY_INTENTS)[number];
export const ZReplyIntent = z.enum(REPLY_INTENTS);

/** The intents that count as a positive reply on Outcomes. */
export const POSITIVE_INTENTS: readonly ReplyIntent[] = ["interested", "question"];

/** Who set a reply's intent: the rule pass on arrival, the reply-drafting run, or a reviewer. */
export const INTENT_SOURCES = ["rules", "run", "reviewer"] as const;
export type IntentSource = (typeof INTENT_SOURCES)[number];

/** The intent of one reply with how sure its source is (0-1) and why, in one line. */
export interface ReplyIntentJudgement {
  intent: ReplyIntent;
  confidence: number;
  reason: string;
}

/** In a person's words, for badges, menus and filters. */
export const INTENT_LABELS: Record<ReplyIntent, string> = {
  interested: "Interested",
  question: "Question",
  not_now: "Not now",
  not_interested: "Not interested",
  out_of_office: "Out of office",
  opt_out: "Opted out",
  other: "Other",
};

/** "Interested first": the order the Threads tab sorts by (unknown intents last). */
export const INTENT_RANK: Record<ReplyIntent, number> = {
  interested: 0,
  question: 1,
  not_now: 2,
  other: 3,
  out_of_office: 4,
  not_interested: 5,
  opt_out: 6,
};
