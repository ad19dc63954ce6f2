import { describe, expect, it } from "vitest";
import { scoreBands, suggestThreshold, thresholdOutcome, type ScoredDecision } from "./suggest-threshold";

const many = (score: number, approved: boolean, n: number): ScoredDecision[] => Array.from({ length: n }, () => ({ score, approved }));

describe("suggestThreshold", () => {
  it("picks the threshold that hides the rejected low scores and keeps the approvals", () => {
    const decisions = [...many(30, false, 15), ...many(55, false, 5), ...many(62, true, 2), ...many(80, true, 18)];
    const { threshold, reason } = suggestThreshold(decisions);
    expect(reason).toBeNull();
    expect(threshold).toBe(60);
    const o = thresholdOutcome(decisions, 60);
    expect(o.hidden).toEqual({ approved: 0, rejected: 20 });
    expect(o.kept).toEqual({ approved: 20, rejected: 0 });
    expect(o.agreement).toBe(1);
  });

  it("never hides more than 5% of the approved drafts", () => {
    // 10% of approvals score 40: a threshold of 45 would hide them.
    const decisions = [...many(30, false, 20), ...many(40, true, 2), ...many(85, true, 18)];
    expect(suggestThreshold(decisions).threshold).toBe(40);
  });

  it("says why when there is nothing to suggest", () => {
    expect(suggestThreshold(many(80, true, 5)).reason).toMatch(/at least 20/);
    expect(suggestThreshold(many(80, true, 30)).reason).toMatch(/approved every one/);
    expect(suggestThreshold([...many(50, true, 15), ...many(50, false, 15)]).reason).toMatch(/do not separate/);
  });
});

describe("scoreBands", () => {
  it("puts 100 in the top band and counts each band's approval rate", () => {
    const bands = scoreBands([{ score: 100, approved: true }, { score: 95, approved: false }, { score: 5, approved: false }]);
    expect(bands).toHaveLength(10);
    expect(bands[9]).toMatchObject({ min: 90, max: 100, approved: 1, rejected: 1, approvalRate: 0.5 });
    expect(bands[0]).toMatchObject({ approved: 0, rejected: 1, approvalRate: 0 });
    expect(bands[5].approvalRate).toBeNull();
  });
});
