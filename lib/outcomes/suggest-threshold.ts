// How the suggested inbox threshold is chosen (docs/tuning.md "The judge"): pure, so the rule is tested on its own.
import type { DecisionCounts, ScoreBand, ThresholdOutcome } from "@/lib/outcomes/judge-schemas";

export interface ScoredDecision {
  score: number;
  approved: boolean;
}

/** Below this many decided drafts a suggestion would be noise. */
export const MIN_DECISIONS = 20;
/** A threshold may hide at most this share of the drafts reviewers approved. */
export const MAX_APPROVED_HIDDEN = 0.05;
export const THRESHOLD_STEP = 5;

export function scoreBands(decisions: ScoredDecision[]): ScoreBand[] {
  const bands: ScoreBand[] = [];
  for (let min = 0; min < 100; min += 10) {
    const max = min === 90 ? 100 : min + 9;
    const inBand = decisions.filter((d) => d.score >= min && d.score <= max);
    const approved = inBand.filter((d) => d.approved).length;
    bands.push({ min, max, approved, rejected: inBand.length - approved, approvalRate: inBand.length ? approved / inBand.length : null });
  }
  return bands;
}

export function thresholdOutcome(decisions: ScoredDecision[], threshold: number): ThresholdOutcome {
  const kept: DecisionCounts = { approved: 0, rejected: 0 };
  const hidden: DecisionCounts = { approved: 0, rejected: 0 };
  for (const d of decisions) {
    const side = d.score >= threshold ? kept : hidden;
    if (d.approved) side.approved++;
    else side.rejected++;
  }
  const n = decisions.length;
  const approvedTotal = kept.approved + hidden.approved;
  return {
    threshold,
    kept,
    hidden,
    agreement: n ? (kept.approved + hidden.rejected) / n : null,
    approvedKept: approvedTotal ? kept.approved / approvedTotal : null,
  };
}

/**
 * The threshold that agrees best with reviewers among those that keep at least 95% of what they approved (a missed
 * good draft costs more than a bad one read and rejected); on a tie, the higher one, which hides more. Null, with the
 * reason, when there are too few decisions, only one kind of decision, or no threshold above 0 does better than
 * showing everything.
 */
export function suggestThreshold(decisions: ScoredDecision[]): { threshold: number | null; reason: string | null } {
  if (decisions.length < MIN_DECISIONS) {
    return { threshold: null, reason: `Needs at least ${MIN_DECISIONS} scored drafts that reviewers approved or rejected; there are ${decisions.length}.` };
  }
  const approved = decisions.filter((d) => d.approved).length;
  if (approved === 0) return { threshold: null, reason: "Reviewers approved none of these drafts: no threshold would keep what they want." };
  if (approved === decisions.length) return { threshold: null, reason: "Reviewers approved every one of these drafts: there is nothing to hide." };
  let best: ThresholdOutcome | null = null;
  for (let t = 0; t <= 100; t += THRESHOLD_STEP) {
    const o = thresholdOutcome(decisions, t);
    if ((o.approvedKept ?? 0) < 1 - MAX_APPROVED_HIDDEN) continue;
    if (!best || (o.agreement ?? 0) >= (best.agreement ?? 0)) best = o;
  }
  if (!best || best.threshold === 0 || best.hidden.rejected === 0) {
    return { threshold: null, reason: "The scores do not separate approved from rejected drafts well enough to hide any without hiding approved ones." };
  }
  return { threshold: best.threshold, reason: null };
}
