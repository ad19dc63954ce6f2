import { describe, expect, it } from "vitest";
import { followupFormIssues, followupRowsOf, stepsFromRows, withoutFollowups } from "@/lib/followups/followup-form";
import { ZFollowupSteps, followupLabel, followupStepsOf, withFollowupsOf } from "@/lib/followups/followup-steps";

describe("follow-up steps", () => {
  it("accepts up to three steps of 1-60 days with guidance up to 500 characters", () => {
    expect(ZFollowupSteps.safeParse([{ afterDays: 3 }, { afterDays: 7, guidance: "shorter" }, { afterDays: 60 }]).success).toBe(true);
    expect(ZFollowupSteps.safeParse([{ afterDays: 1 }, { afterDays: 1 }, { afterDays: 1 }, { afterDays: 1 }]).success).toBe(false);
    expect(ZFollowupSteps.safeParse([{ afterDays: 0 }]).success).toBe(false);
    expect(ZFollowupSteps.safeParse([{ afterDays: 61 }]).success).toBe(false);
    expect(ZFollowupSteps.safeParse([{ afterDays: 2.5 }]).success).toBe(false);
    expect(ZFollowupSteps.safeParse([{ afterDays: 3, guidance: "x".repeat(501) }]).success).toBe(false);
    expect(ZFollowupSteps.safeParse([{ afterDays: 3, extra: 1 }]).success).toBe(false);
  });

  it("reads a stored config's steps, and none from a broken one", () => {
    expect(followupStepsOf({ followups: [{ afterDays: 3 }] })).toEqual([{ afterDays: 3 }]);
    expect(followupStepsOf({ followups: "soon" })).toEqual([]);
    expect(followupStepsOf(null)).toEqual([]);
  });

  it("keeps the steps when a generated profile replaces the config", () => {
    expect(withFollowupsOf({ tone: "old", followups: [{ afterDays: 3 }] }, { tone: "new" })).toEqual({ tone: "new", followups: [{ afterDays: 3 }] });
    expect(withFollowupsOf({ tone: "old" }, { tone: "new" })).toEqual({ tone: "new" });
  });

  it("labels a follow-up with its step and the number of steps", () => {
    expect(followupLabel(1, 2)).toBe("Follow-up 1 of 2");
    expect(followupLabel(2, null)).toBe("Follow-up 2");
  });
});

describe("the Follow-ups form section", () => {
  it("turns rows into steps and back, leaving the rest of the config to the profile", () => {
    const config = { tone: "warm", followups: [{ afterDays: 3, guidance: "shorter" }, { afterDays: 7 }] };
    const rows = followupRowsOf(config);
    expect(rows).toEqual([{ afterDays: 3, guidance: "shorter" }, { afterDays: 7, guidance: "" }]);
    expect(stepsFromRows(rows)).toEqual(config.followups);
    expect(withoutFollowups(config)).toEqual({ tone: "warm" });
  });

  it("says what is wrong on the field that is wrong", () => {
    expect(followupFormIssues([{ afterDays: 3, guidance: "" }])).toEqual([]);
    expect(followupFormIssues([{ afterDays: null, guidance: "" }, { afterDays: 90, guidance: "x".repeat(501) }])).toEqual([
      { path: ["followups", 0, "afterDays"], message: "Say after how many days, from 1 to 60." },
      { path: ["followups", 1, "afterDays"], message: "Days is a whole number from 1 to 60." },
      { path: ["followups", 1, "guidance"], message: "Guidance takes at most 500 characters." },
    ]);
  });
});
