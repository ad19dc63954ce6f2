// Token usage and cost of a demo run, in ranges typical for each kind of run and way of failing.
import type { RunSpec } from "@/lib/demo/campaigns";
import { between } from "@/lib/demo/seeded-random";
import type { RunUsage } from "@/lib/runners/price-run";

export function usageFor(spec: RunSpec, rand: () => number): RunUsage {
  const none = { inputTokens: null, outputTokens: null, cacheReadTokens: null, cacheCreationTokens: null };
  if (spec.status === "running" || spec.failureReason === "runner_missing") return none;
  const [inp, out, cr, cc] =
    spec.kind === "reply_drafting"
      ? [[4_000, 9_000], [250, 900], [15_000, 40_000], [2_000, 6_000]]
      : spec.kind === "campaign_skill_generation"
        ? [[10_000, 20_000], [2_500, 6_000], [20_000, 60_000], [6_000, 12_000]]
        : spec.status === "failed"
          ? spec.failureReason === "agent_timeout"
            ? [[60_000, 90_000], [6_000, 11_000], [200_000, 320_000], [20_000, 30_000]]
            : [[3_000, 8_000], [200, 800], [10_000, 30_000], [3_000, 8_000]]
          : [[15_000, 45_000], [2_500, 8_000], [60_000, 240_000], [8_000, 25_000]];
  return {
    inputTokens: between(rand, inp[0], inp[1]),
    outputTokens: between(rand, out[0], out[1]),
    cacheReadTokens: between(rand, cr[0], cr[1]),
    cacheCreationTokens: between(rand, cc[0], cc[1]),
  };
}

/** USD per million tokens for the default model of the claude-code runner. */
const PRICE = { input: 3, output: 15, cacheRead: 0.3, cacheCreation: 3.75 };

/** Cost as a decimal string, or null when the runner is not priced (or nothing was metered). */
export function costFor(runner: string, u: RunUsage): string | null {
  if (runner !== "claude-code" || u.inputTokens === null) return null;
  const usd =
    (u.inputTokens * PRICE.input +
      (u.outputTokens ?? 0) * PRICE.output +
      (u.cacheReadTokens ?? 0) * PRICE.cacheRead +
      (u.cacheCreationTokens ?? 0) * PRICE.cacheCreation) /
    1_000_000;
  return usd.toFixed(6);
}
