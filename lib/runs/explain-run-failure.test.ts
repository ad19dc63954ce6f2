import { afterEach, describe, expect, it } from "vitest";
import { FAILURE_REASONS } from "@/lib/runs/run-summary";
import { explainRunFailure } from "@/lib/runs/explain-run-failure";

describe("explainRunFailure", () => {
  it("tells a runner that could not sign in how to sign it in, naming its key", () => {
    const gemini = explainRunFailure({ failureReason: "auth_expired", runner: "gemini", authSource: "runner" });
    expect(gemini.summary).toBe("Gemini CLI could not sign in: it has no API key, or its sign-in has expired.");
    expect(gemini.fix).toContain("run `gemini` once");
    expect(gemini.fix).toContain("GEMINI_API_KEY");
    expect(gemini.action).toEqual({ label: "Open settings", href: "/settings" });
    expect(explainRunFailure({ failureReason: "auth_expired", runner: "claude-code" }).fix).toContain("ANTHROPIC_API_KEY");
    expect(explainRunFailure({ failureReason: "auth_expired", runner: "codex" }).fix).toContain("`codex login`");
    expect(explainRunFailure({ failureReason: "auth_expired", runner: "cloud" }).fix).toContain("OUTREACH_CLOUD_TOKEN");
  });

  it("sends a refused platform account to the project's accounts, not to the runner", () => {
    const e = explainRunFailure({ failureReason: "auth_expired", runner: "gemini", authSource: "account", projectId: 7 });
    expect(e.fix).not.toContain("GEMINI_API_KEY");
    expect(e.action).toEqual({ label: "Open accounts", href: "/projects/7?tab=accounts" });
  });

  it("offers another runner when the runner is missing", () => {
    const e = explainRunFailure({ failureReason: "runner_missing", runner: "codex", campaignId: 3 });
    expect(e.fix).toContain("npm install -g @openai/codex");
    expect(e.action).toEqual({ label: "Choose another agent", href: "/campaigns/3#edit-campaign-runner" });
  });

  it("has its own words for every reason of the taxonomy", () => {
    const summaries = FAILURE_REASONS.filter((r) => r !== "cancelled").map((r) => explainRunFailure({ failureReason: r, runner: "gemini" }).summary);
    expect(new Set(summaries).size).toBe(summaries.length);
    for (const s of summaries) expect(s).toMatch(/^[A-Z].*\.$/);
  });

  describe("in the cloud edition, to customers", () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const k of ["OUTREACH_EDITION", "OUTREACH_AUTH", "AUTH_SECRET", "OUTREACH_CLOUD_LOCAL_RUNNERS"]) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    });
    const cloud = () => Object.assign(process.env, { OUTREACH_EDITION: "cloud", OUTREACH_AUTH: "on", AUTH_SECRET: "unit-test-secret-0123456789abcdef0123" });

    it("names no variable, CLI or install step: a local runner is not offered, the cloud runner's own problems are the service's", () => {
      cloud();
      const local = explainRunFailure({ failureReason: "runner_missing", runner: "gemini", campaignId: 3 });
      expect(local).toEqual({ summary: "Gemini CLI is not offered on this service.", fix: "Choose Cloud as this campaign's agent, then run again.", action: { label: "Choose another agent", href: "/campaigns/3#edit-campaign-runner" } });
      const reasons = ["runner_missing", "auth_expired", "quota_exhausted", "network", "agent_timeout", "playbook_error", "playbook_incomplete", "agent_crashed", "unknown"];
      for (const failureReason of reasons) {
        const e = explainRunFailure({ failureReason, runner: "cloud" });
        expect(`${e.summary} ${e.fix}`, failureReason).not.toMatch(/[A-Z]{2,}_[A-Z_]{2,}|npm |npx |`|update the CLI/);
      }
    });
  });
});
