// A plain verdict on two or more rates (A/B variants, campaigns): is the leader really ahead of the runner-up, or is
// the gap what chance gives on this few sends? (docs/outcomes.md "Judging by evidence")
//
// The test is the two-proportion z-test with a pooled rate, two-sided at 95%. A winner is never called on too few
// sends: each side needs MIN_TRIALS_PER_SIDE sends and the two together at least MIN_EACH_OUTCOME replies and
// non-replies, the usual conditions under which the normal approximation behind the test holds. Short of that, or
// when the gap is not yet significant, the verdict estimates how many more sends each side needs: the classic sample
// size for the gap seen so far at 95% confidence and 80% power.
import { Z_95 } from "@/lib/outcomes/wilson-interval";

/** Fewest sends per side before a winner may be called (the rule of thumb for the normal approximation). */
export const MIN_TRIALS_PER_SIDE = 30;
/** Fewest successes and failures across both sides together (expected counts of at least 5 on each side). */
export const MIN_EACH_OUTCOME = 10;
/** The normal quantile for 80% power: the estimate gives a real gap of the size seen a 4-in-5 chance to show. */
const Z_POWER_80 = 0.841621;
/** Past this many sends per side the gap is too small to matter for outreach: the rates are called even. */
export const MAX_USEFUL_TRIALS = 5_000;

export interface RateGroup {
  label: string;
  successes: number;
  trials: number;
}

export type RateVerdict =
  | { kind: "ahead"; leader: string; runnerUp: string; confidence: 95; sentence: string }
  | { kind: "not_enough"; leader: string | null; runnerUp: string | null; morePerSide: number | null; sentence: string }
  | { kind: "even"; leader: string; runnerUp: string; sentence: string }
  | { kind: "nothing_to_compare"; sentence: string };

/** Rounds an estimate up to a figure people say: 7 -> 10, 38 -> 40, 412 -> 450, 1,230 -> 1,300. */
export function roundUpFriendly(n: number): number {
  if (n <= 0) return 0;
  const step = n <= 100 ? 10 : n <= 1000 ? 50 : 100;
  return Math.ceil(n / step) * step;
}

/** Sends per side for a gap between rates p1 and p2 to show at 95% confidence with 80% power; Infinity when equal. */
export function trialsPerSideFor(p1: number, p2: number): number {
  const gap = Math.abs(p1 - p2);
  if (gap === 0) return Infinity;
  const mean = (p1 + p2) / 2;
  const root = Z_95 * Math.sqrt(2 * mean * (1 - mean)) + Z_POWER_80 * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root * root) / (gap * gap));
}

/** The two-sided z statistic of the difference between two rates (0 when they cannot differ: both 0% or both 100%). */
export function twoProportionZ(a: RateGroup, b: RateGroup): number {
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (se === 0) return 0;
  return (a.successes / a.trials - b.successes / b.trials) / se;
}

/**
 * Compares the best rate with the next best (among those with enough trials, when two have them). `noun` names what the trials are, for the sentence ("sends").
 * Groups without trials take no part.
 */
export function compareRates(groups: RateGroup[], noun = "sends"): RateVerdict {
  const tried = groups.filter((g) => g.trials > 0);
  if (tried.length < 2) {
    return { kind: "nothing_to_compare", sentence: `Nothing to compare yet: fewer than two have ${noun}.` };
  }
  // Groups still short of the minimum take part only when fewer than two have reached it: a campaign with a lucky
  // 6 replies in 16 sends must not stand between two well-measured ones forever.
  const measured = tried.filter((g) => g.trials >= MIN_TRIALS_PER_SIDE);
  // Best rate first; on equal rates the one with more trials (its rate is the better known).
  const ranked = [...(measured.length >= 2 ? measured : tried)].sort((x, y) => y.successes / y.trials - x.successes / x.trials || y.trials - x.trials);
  const [leader, runnerUp] = ranked;
  const fewest = Math.min(leader.trials, runnerUp.trials);
  const successes = leader.successes + runnerUp.successes;
  const failures = leader.trials + runnerUp.trials - successes;
  const enough = fewest >= MIN_TRIALS_PER_SIDE && successes >= MIN_EACH_OUTCOME && failures >= MIN_EACH_OUTCOME;

  if (enough && Math.abs(twoProportionZ(leader, runnerUp)) >= Z_95) {
    return { kind: "ahead", leader: leader.label, runnerUp: runnerUp.label, confidence: 95, sentence: `${leader.label} is ahead of ${runnerUp.label}, 95% confident.` };
  }

  const p1 = leader.successes / leader.trials;
  const p2 = runnerUp.successes / runnerUp.trials;
  const needed = trialsPerSideFor(p1, p2);
  const floor = Math.max(MIN_TRIALS_PER_SIDE - fewest, 0);
  if (needed > MAX_USEFUL_TRIALS || !Number.isFinite(needed)) {
    // The rates are (nearly) equal. With enough sends that is a finding; before that it is only a lack of evidence.
    if (floor === 0 && successes >= MIN_EACH_OUTCOME) {
      return { kind: "even", leader: leader.label, runnerUp: runnerUp.label, sentence: `No clear difference: ${leader.label} and ${runnerUp.label} are too close to tell apart.` };
    }
    if (floor > 0) {
      const more = roundUpFriendly(floor);
      return { kind: "not_enough", leader: null, runnerUp: null, morePerSide: more, sentence: `Not enough ${noun} yet: at least ${more.toLocaleString("en-US")} more each.` };
    }
    // Enough sends but too few replies to judge: at the rate seen so far, the sends that bring the replies needed.
    if (successes === 0) {
      return { kind: "not_enough", leader: null, runnerUp: null, morePerSide: null, sentence: `No replies yet on either: nothing to tell apart.` };
    }
    const pooled = successes / (leader.trials + runnerUp.trials);
    const more = roundUpFriendly(Math.max(Math.ceil(MIN_EACH_OUTCOME / pooled / 2) - fewest, 1));
    return { kind: "not_enough", leader: null, runnerUp: null, morePerSide: more, sentence: `Too few replies yet: about ${more.toLocaleString("en-US")} more ${noun} each.` };
  }
  const more = roundUpFriendly(Math.max(needed - fewest, floor, 1));
  return {
    kind: "not_enough",
    leader: leader.label,
    runnerUp: runnerUp.label,
    morePerSide: more,
    sentence: `Not enough ${noun} yet: about ${more.toLocaleString("en-US")} more each to tell whether ${leader.label} is really ahead of ${runnerUp.label}.`,
  };
}
