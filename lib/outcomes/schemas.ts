// The Outcomes view's filters (GET /api/outcomes, the Outcomes page) and what it answers (docs/outcomes.md).
import { z } from "zod";
import { ZId, ZText } from "@/lib/http/fields";
import type { RateVerdict } from "@/lib/outcomes/compare-rates";
import type { RateInterval } from "@/lib/outcomes/wilson-interval";

/** Longest range one request may ask for: two years of days. */
export const MAX_RANGE_DAYS = 731;
/** The default range: the last twelve weeks, today included. */
export const DEFAULT_RANGE_DAYS = 84;

const ZDay = ZText.regex(/^\d{4}-\d{2}-\d{2}$/, "A day as YYYY-MM-DD").refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "A day that exists, as YYYY-MM-DD");
const ZDimension = ZText.trim().min(1).max(200);

export const ZOutcomesQuery = z
  .object({
    from: ZDay.optional().describe("First UTC day counted (YYYY-MM-DD); default 83 days before `to`"),
    to: ZDay.optional().describe("Last UTC day counted (YYYY-MM-DD); default today"),
    campaignId: ZId.optional().describe("Only this campaign"),
    playbook: ZDimension.optional().describe("Only drafts written with this playbook (its slug)"),
    runner: ZDimension.optional().describe("Only drafts written on this runner (its slug)"),
    model: ZDimension.optional().describe("Only drafts written by this model"),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must be on or before to", path: ["from"] })
  .refine(
    (q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_RANGE_DAYS,
    { message: `A range of at most ${MAX_RANGE_DAYS} days`, path: ["to"] },
  );

export type OutcomesQuery = z.infer<typeof ZOutcomesQuery>;

export interface OutcomeMetrics {
  drafted: number;
  approved: number;
  rejected: number;
  sent: number;
  replied: number;
  /** approved / (approved + rejected): of the drafts reviewers decided, the share they approved. Null before any decision. */
  approvalRate: number | null;
  /** replied / sent. */
  replyRate: number | null;
  /** The 95% Wilson interval of the reply rate (docs/outcomes.md "Judging by evidence"). Null before any send. */
  replyRateInterval: RateInterval | null;
  /** Replied drafts whose reply was read as interested or a question (docs/outcomes.md "Positive replies"). */
  positiveReplied: number;
  /** positiveReplied / sent, with its 95% Wilson interval. */
  positiveReplyRate: number | null;
  positiveReplyRateInterval: RateInterval | null;
  /** Sent public posts and comments whose visibility was checked (docs/removal-checks.md). */
  checked: number;
  /** Of those, found removed or not visible (deleted by their author does not count). */
  removed: number;
  /** removed / checked. Null before any check. */
  removalRate: number | null;
  /** Median characters changed between the agent's text and the sent text, over sent drafts. Null before any send. */
  medianEditDistance: number | null;
  /** Sent drafts a reviewer had edited. */
  editedSent: number;
  runs: number;
  costUsd: number;
  /** Finished drafting runs without a price: the cost figures are then a lower bound. */
  unpricedRuns: number;
  costPerApproved: number | null;
  costPerReply: number | null;
}

export interface OutcomeWeek {
  /** The Monday the UTC week starts on, YYYY-MM-DD. */
  week: string;
  drafted: number;
  approved: number;
  sent: number;
  replied: number;
  approvalRate: number | null;
}

/** Sent drafts of one A/B variant label (A, B, C...) and their replies. */
export interface OutcomeVariant {
  variantLabel: string;
  sent: number;
  replied: number;
  replyRate: number | null;
  replyRateInterval: RateInterval | null;
  positiveReplied: number;
  positiveReplyRate: number | null;
  positiveReplyRateInterval: RateInterval | null;
}

/** Sent DMs and comments of one follow-up step (0: the first message; docs/sequences.md) and their replies. */
export interface OutcomeStep {
  step: number;
  sent: number;
  replied: number;
  replyRate: number | null;
  replyRateInterval: RateInterval | null;
  positiveReplied: number;
  positiveReplyRate: number | null;
}

export interface Outcomes {
  from: string;
  to: string;
  totals: OutcomeMetrics;
  byCampaign: (OutcomeMetrics & { campaignId: number | null; campaignName: string | null })[];
  byPlaybook: (OutcomeMetrics & { playbook: string | null })[];
  byRunnerModel: (OutcomeMetrics & { runner: string | null; model: string | null })[];
  weekly: OutcomeWeek[];
  /** Sent A/B variants by label, over the filtered drafts. */
  byVariant: OutcomeVariant[];
  /** Sent DMs and comments by follow-up step (0: the first message), over the filtered drafts. */
  byStep: OutcomeStep[];
  /**
   * Plain verdicts, the leader against the runner-up: on reply rates and on positive reply rates, among the variants
   * and among the campaigns (named ones only).
   */
  verdicts: { variants: RateVerdict; campaigns: RateVerdict; positiveVariants: RateVerdict; positiveCampaigns: RateVerdict };
  /** Drafts and runs changed up to this moment are counted (the rollups are refreshed every minute). */
  countedThrough: string | null;
}
