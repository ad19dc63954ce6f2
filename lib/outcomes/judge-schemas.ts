// The judge's calibration against reviewers (docs/tuning.md "The judge") and the campaign's inbox quality default.
import { z } from "zod";

export const DEFAULT_JUDGE_WEEKS = 8;

export const ZJudgeQuery = z
  .object({
    weeks: z.coerce.number().int().min(1).max(52).optional().describe(`How many weeks back to read reviewers' decisions (default ${DEFAULT_JUDGE_WEEKS})`),
  })
  .strict();

export const ZInboxQualityBody = z
  .object({
    minQuality: z.number().int().min(0).max(100).nullable().describe("Hide this campaign's drafts scored below this in its inbox view; null removes the default"),
  })
  .strict();

export type JudgeQuery = z.infer<typeof ZJudgeQuery>;

export interface DecisionCounts {
  approved: number;
  rejected: number;
}

export interface ScoreBand extends DecisionCounts {
  /** Scores from `min` to `max`, both included. */
  min: number;
  max: number;
  approvalRate: number | null;
}

export interface ThresholdOutcome {
  threshold: number;
  /** Drafts scored at or above the threshold: what the inbox would have shown. */
  kept: DecisionCounts;
  /** Drafts scored below it: what the inbox would have hidden. */
  hidden: DecisionCounts;
  /** Share of decided drafts where "shown" matched "approved" (kept and approved, or hidden and rejected). */
  agreement: number | null;
  /** Share of the approved drafts the threshold keeps. */
  approvedKept: number | null;
}

export interface JudgeWeek {
  /** Monday of the UTC week. */
  week: string;
  kept: DecisionCounts;
  hidden: DecisionCounts;
}

export interface JudgeCalibration {
  campaignId: number;
  weeks: number;
  since: string;
  /** Scored drafts reviewers approved or rejected in the window. */
  decided: number;
  /** Decided drafts without a score (not in the bands). */
  unscored: number;
  bands: ScoreBand[];
  /** The campaign's inbox default today (null: none), and how it fares. */
  current: { minQuality: number | null; outcome: ThresholdOutcome };
  /** Null with a reason when there are too few decisions or the score does not separate them. */
  suggestion: { threshold: number; outcome: ThresholdOutcome; byWeek: JudgeWeek[] } | null;
  suggestionReason: string | null;
  /** Every threshold in steps of 5, for the chart. */
  thresholds: ThresholdOutcome[];
}
