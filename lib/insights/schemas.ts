import { z } from "zod";
import { ZDbId, ZText } from "@/lib/http/fields";

/** SPEC 8 "Insight minimum": fewer drafts than this in the project and the brief is the stub. */
export const INSIGHT_MIN_DRAFTS = 5;
/** SPEC 1 "Project insights": what the stub reads. */
export const INSIGHT_STUB_TEXT = "Not enough data yet";
/**
 * SPEC 8 "Insight cadence": at most one run per active project per 24 h. A brief (or a brief run) younger than this
 * is "fresh" and the daily pass skips its project. The pass fires every hour, so the next brief comes 24-25 h after
 * the last run started; a shorter window would let it come every ~20 h and spend the customer's minutes faster than
 * the spec allows.
 */
export const INSIGHT_FRESH_HOURS = 24;
/** A project with no draft created and no message in this many days is inactive and gets no daily brief. */
export const INSIGHT_ACTIVITY_DAYS = 7;

export const ZInsightEvidenceItem = z
  .object({
    draftId: ZDbId.optional().describe("Id of a draft of this project (from recentDrafts)"),
    messageId: ZDbId.optional().describe("Id of a conversation message of this project (from recentMessages)"),
    note: ZText.trim().max(500).optional().describe("What this item shows, in a few words"),
  })
  .strict()
  .refine((e) => e.draftId !== undefined || e.messageId !== undefined, { message: "Each evidence item cites a draftId or a messageId" });
export type InsightEvidenceItem = z.infer<typeof ZInsightEvidenceItem>;

export const ZProjectInsightsSubmission = {
  summaryMd: ZText.trim().min(1).max(40_000).describe("The brief, in Markdown: what worked, what did not, what to try next"),
  evidence: z.array(ZInsightEvidenceItem).max(100).describe("The drafts and messages the brief rests on: [{draftId?, messageId?, note?}]"),
};

export const ZRequestInsightsBody = z
  .object({
    // Who asked: the Regenerate now button (manual, the default), the daily pass (cron), or an integration (api).
    trigger: z.enum(["manual", "cron", "api"]).optional(),
  })
  .strict();
