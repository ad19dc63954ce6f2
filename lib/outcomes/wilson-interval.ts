// The 95% Wilson score interval of a rate (docs/outcomes.md "Judging by evidence"). Chosen over the textbook
// "rate ± 1.96 standard errors" because outreach rates sit near zero and counts are small: that interval collapses to
// 0-0 for 0 replies out of 12 sends and can go below zero, while Wilson's stays inside 0-1 and stays honest (0 of 12
// still allows up to about a quarter).

/** The normal quantile for a two-sided 95% interval. */
export const Z_95 = 1.959964;

export interface RateInterval {
  /** Lower bound of the rate, 0-1. */
  low: number;
  /** Upper bound of the rate, 0-1. */
  high: number;
}

/** Null when nothing was tried: a rate of nothing has no interval. */
export function wilsonInterval(successes: number, trials: number, z = Z_95): RateInterval | null {
  if (trials <= 0) return null;
  const k = Math.min(Math.max(successes, 0), trials);
  const p = k / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // Exact ends where the data pins them: no successes means the low end is 0, all successes the high end is 1
  // (the formula lands there up to rounding).
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === trials ? 1 : Math.min(1, centre + half) };
}
