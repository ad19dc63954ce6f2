import { describe, expect, it } from "vitest";
import type { OutcomeWeek } from "@/lib/outcomes/schemas";
import { chartWeeks, labelInterval } from "@/lib/outcomes/chart-weeks";

const week = (i: number, drafted = 0): OutcomeWeek => ({
  week: new Date(Date.UTC(2026, 8, 7) + i * 7 * 86_400_000).toISOString().slice(0, 10),
  drafted,
  approved: 0,
  sent: 0,
  replied: 0,
  approvalRate: null,
});

describe("chartWeeks", () => {
  it("starts at the first week with drafts, so the data is not squeezed into the last bar", () => {
    const weeks = Array.from({ length: 12 }, (_, i) => week(i, i >= 5 ? 3 : 0));
    expect(chartWeeks(weeks).map((w) => w.week)).toEqual(weeks.slice(5).map((w) => w.week));
  });

  it("keeps at least four weeks when only the last has drafts, and four empty ones when none has", () => {
    const onlyLast = Array.from({ length: 12 }, (_, i) => week(i, i === 11 ? 6 : 0));
    expect(chartWeeks(onlyLast)).toEqual(onlyLast.slice(-4));
    const none = Array.from({ length: 12 }, (_, i) => week(i));
    expect(chartWeeks(none)).toHaveLength(4);
    expect(chartWeeks(onlyLast.slice(-2))).toHaveLength(2);
  });

  it("keeps a period full of data whole, empty weeks in the middle included", () => {
    const weeks = Array.from({ length: 52 }, (_, i) => week(i, i % 3 === 0 ? 1 : 0));
    expect(chartWeeks(weeks)).toHaveLength(52);
  });
});

describe("labelInterval", () => {
  it("labels every week up to seven, then every k-th so labels are evenly spaced", () => {
    expect([1, 4, 7].map(labelInterval)).toEqual([0, 0, 0]);
    expect(labelInterval(8)).toBe(1);
    expect(labelInterval(12)).toBe(1);
    expect(labelInterval(26)).toBe(3);
    expect(labelInterval(52)).toBe(7);
  });
});
