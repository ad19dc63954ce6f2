import { describe, expect, it } from "vitest";
import { priceRun } from "@/lib/runners/price-run";

const usage = { inputTokens: 1_000_000, outputTokens: 100_000, cacheReadTokens: 2_000_000, cacheCreationTokens: 40_000 };

describe("priceRun", () => {
  it("prices the first backend's default model at 3 / 15 / 0.30 / 3.75 USD per million", () => {
    // 3 + 1.5 + 0.6 + 0.15
    expect(priceRun({ runner: "claude-code", model: null, usage, reportedCostUsd: null })).toBe(5.25);
  });

  it("uses a recognised model's own table", () => {
    expect(priceRun({ runner: "claude-code", model: "claude-haiku-4-5-20251001", usage, reportedCostUsd: null })).toBe(1 + 0.5 + 0.2 + 0.05);
  });

  it("uses a reported total as given", () => {
    expect(priceRun({ runner: "gemini", model: null, usage, reportedCostUsd: 0.4321 })).toBe(0.4321);
  });

  it("leaves other backends and unknown models unpriced", () => {
    expect(priceRun({ runner: "codex", model: null, usage, reportedCostUsd: null })).toBeNull();
    expect(priceRun({ runner: "claude-code", model: "some-other-model", usage, reportedCostUsd: null })).toBeNull();
    expect(priceRun({ runner: "claude-code", model: null, usage: null, reportedCostUsd: null })).toBeNull();
  });
});
