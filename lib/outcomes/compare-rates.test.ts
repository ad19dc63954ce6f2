import { describe, expect, it } from "vitest";
import { compareRates, roundUpFriendly, trialsPerSideFor, twoProportionZ } from "./compare-rates";
import { wilsonInterval } from "./wilson-interval";

describe("wilsonInterval", () => {
  it("matches the published interval for 5 of 10", () => {
    const i = wilsonInterval(5, 10)!;
    expect(i.low).toBeCloseTo(0.2366, 3);
    expect(i.high).toBeCloseTo(0.7634, 3);
  });

  it("keeps room above zero when nothing succeeded, and below one when everything did", () => {
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775, 3) });
    const all = wilsonInterval(12, 12)!;
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.7575, 3);
  });

  it("narrows as the sends grow, around the same rate", () => {
    const small = wilsonInterval(2, 20)!;
    const large = wilsonInterval(200, 2000)!;
    expect(large.high - large.low).toBeLessThan((small.high - small.low) / 5);
    expect(large.low).toBeLessThan(0.1);
    expect(large.high).toBeGreaterThan(0.1);
  });

  it("has no interval without sends", () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe("trialsPerSideFor", () => {
  it("gives the textbook size for 10% against 5% (95% confidence, 80% power)", () => {
    expect(trialsPerSideFor(0.1, 0.05)).toBe(435);
  });

  it("grows as the gap shrinks and is unbounded for equal rates", () => {
    expect(trialsPerSideFor(0.1, 0.08)).toBeGreaterThan(trialsPerSideFor(0.1, 0.05));
    expect(trialsPerSideFor(0.1, 0.1)).toBe(Infinity);
  });
});

describe("twoProportionZ", () => {
  it("is about 2.6 for 30 of 200 against 14 of 200", () => {
    expect(twoProportionZ({ label: "A", successes: 30, trials: 200 }, { label: "B", successes: 14, trials: 200 })).toBeCloseTo(2.56, 1);
  });
});

describe("roundUpFriendly", () => {
  it("rounds up to tens, fifties and hundreds", () => {
    expect([roundUpFriendly(7), roundUpFriendly(38), roundUpFriendly(412), roundUpFriendly(1230)]).toEqual([10, 40, 450, 1300]);
  });
});

describe("compareRates", () => {
  it("calls the leader ahead when the gap is significant on enough sends", () => {
    const v = compareRates([
      { label: "B", successes: 30, trials: 200 },
      { label: "A", successes: 14, trials: 200 },
    ]);
    expect(v).toMatchObject({ kind: "ahead", leader: "B", runnerUp: "A", confidence: 95 });
    expect(v.sentence).toBe("B is ahead of A, 95% confident.");
  });

  it("never calls a winner on too few sends, however large the gap", () => {
    // 8 of 10 against 0 of 10 is significant by the z statistic alone, but ten sends each is too few.
    const v = compareRates([
      { label: "A", successes: 8, trials: 10 },
      { label: "B", successes: 0, trials: 10 },
    ]);
    expect(v.kind).toBe("not_enough");
    expect(v.kind === "not_enough" && v.morePerSide).toBe(20);
    expect(v.sentence).toContain("more each");
  });

  it("estimates the sends still needed for the gap seen so far", () => {
    // 10% against 5% with 100 sends each: about 435 needed, so about 335 more, said as 350.
    const v = compareRates([
      { label: "A", successes: 10, trials: 100 },
      { label: "B", successes: 5, trials: 100 },
    ]);
    expect(v).toMatchObject({ kind: "not_enough", leader: "A", runnerUp: "B", morePerSide: 350 });
    expect(v.sentence).toBe("Not enough sends yet: about 350 more each to tell whether A is really ahead of B.");
  });

  it("calls equal rates on plenty of sends even, not a win", () => {
    const v = compareRates([
      { label: "A", successes: 40, trials: 400 },
      { label: "B", successes: 40, trials: 400 },
    ]);
    expect(v.kind).toBe("even");
  });

  it("says there is nothing to tell apart when no one replied", () => {
    const v = compareRates([
      { label: "A", successes: 0, trials: 60 },
      { label: "B", successes: 0, trials: 60 },
    ]);
    expect(v).toMatchObject({ kind: "not_enough", morePerSide: null });
  });

  it("leaves a group short of the minimum out once two others have enough sends", () => {
    const v = compareRates([
      { label: "Small", successes: 6, trials: 16 },
      { label: "Strong", successes: 90, trials: 300 },
      { label: "Weak", successes: 44, trials: 400 },
    ]);
    expect(v).toMatchObject({ kind: "ahead", leader: "Strong", runnerUp: "Weak" });
  });

  it("compares the best two and ignores groups without sends", () => {
    const v = compareRates([
      { label: "A", successes: 10, trials: 300 },
      { label: "B", successes: 45, trials: 300 },
      { label: "C", successes: 20, trials: 300 },
      { label: "D", successes: 0, trials: 0 },
    ]);
    expect(v).toMatchObject({ kind: "ahead", leader: "B", runnerUp: "C" });
    expect(compareRates([{ label: "A", successes: 3, trials: 10 }, { label: "B", successes: 0, trials: 0 }]).kind).toBe("nothing_to_compare");
  });
});
