// Which weeks the weekly chart draws, and how often it labels them. A new organization's twelve-week period is
// mostly empty weeks before its first draft: drawn as they are, all the data sits in the last bar. The chart starts
// at the first week with anything in it (keeping at least MIN_WEEKS, so one busy week is not one wall-to-wall bar), and
// labels every k-th week from the first, so labels are evenly spaced instead of wherever they happen to fit.
import type { OutcomeWeek } from "@/lib/outcomes/schemas";

export const MIN_WEEKS = 4;
/** About this many labels fit under the chart at its narrowest (a phone). */
export const MAX_LABELS = 7;

const empty = (w: OutcomeWeek) => w.drafted === 0 && w.approved === 0 && w.sent === 0 && w.replied === 0;

export function chartWeeks(weeks: OutcomeWeek[]): OutcomeWeek[] {
  const first = weeks.findIndex((w) => !empty(w));
  if (first === -1) return weeks.slice(-MIN_WEEKS);
  return weeks.slice(Math.min(first, Math.max(0, weeks.length - MIN_WEEKS)));
}

/** Recharts' `interval`: how many labels to skip between two shown ones (0 shows every week). */
export function labelInterval(count: number): number {
  return Math.max(0, Math.ceil(count / MAX_LABELS) - 1);
}
