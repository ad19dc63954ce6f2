import { describe, expect, it } from "vitest";
import { describeRunEnding, describeRunOutcome } from "@/lib/runs/describe-run-outcome";

const run = (over: Partial<Parameters<typeof describeRunOutcome>[0]>) => ({ kind: "campaign", status: "success", failureReason: null, draftCount: 0, ...over });

describe("describeRunOutcome: one sentence for the run list, Home, the run page and notifications", () => {
  it("says what a run made, why it stopped, or that it runs", () => {
    expect(describeRunOutcome(run({ draftCount: 3 }))).toBe("Drafted 3 messages");
    expect(describeRunOutcome(run({ draftCount: 1 }))).toBe("Drafted 1 message");
    expect(describeRunOutcome(run({}))).toBe("Finished: nothing new to draft");
    expect(describeRunOutcome(run({ kind: "reply_drafting" }))).toBe("Drafted a reply");
    expect(describeRunOutcome(run({ status: "failed", failureReason: "auth_expired" }))).toBe("Stopped: Sign-in expired");
    expect(describeRunOutcome(run({ status: "failed", failureReason: "cancelled" }))).toBe("Cancelled");
    expect(describeRunOutcome(run({ status: "running" }))).toBe("Running");
  });

  it("the run page ends with the agent's own summary when it gave one", () => {
    expect(describeRunEnding(run({ draftCount: 2, summary: "Two DMs to warehouse owners." }))).toBe("Finished: Two DMs to warehouse owners.");
    expect(describeRunEnding(run({ status: "failed", failureReason: "network", summary: "ignored" }))).toBe("Stopped: Network unreachable");
  });
});
