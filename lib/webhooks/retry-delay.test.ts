import { describe, expect, it } from "vitest";
import { retryDelayS } from "@/lib/webhooks/retry-delay";

describe("retryDelayS", () => {
  it("60 s, 2 m, 4 m, doubling, capped at 1 h", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayS(n))).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it("honours Retry-After within the cap", () => {
    expect(retryDelayS(1, 5)).toBe(5);
    expect(retryDelayS(3, 600)).toBe(600);
    expect(retryDelayS(1, 86_400)).toBe(3600);
    expect(retryDelayS(2, 0)).toBe(1);
  });
});
