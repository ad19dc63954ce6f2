// The Follow-ups section of the campaign forms (docs/sequences.md): rows of days and guidance, checked with the same
// limits the API applies (followup-steps.ts), each problem as a sentence on its own field. Pure: forms and tests.
import { z } from "zod";
import { MAX_AFTER_DAYS, MAX_FOLLOWUP_STEPS, MAX_GUIDANCE_CHARS, MIN_AFTER_DAYS, followupStepsOf, type FollowupStep } from "@/lib/followups/followup-steps";

export interface FollowupRow {
  /** Null (or NaN) while the field is empty. */
  afterDays: number | null;
  guidance: string;
}

export const followupFormShape = {
  followups: z.array(z.object({ afterDays: z.number().nullable().catch(null), guidance: z.string() })),
};

export function followupRowsOf(config: Record<string, unknown> | null | undefined): FollowupRow[] {
  return followupStepsOf(config).map((s) => ({ afterDays: s.afterDays, guidance: s.guidance ?? "" }));
}

/** A config without its follow-ups: the profile fields and the Advanced box edit the rest. */
export function withoutFollowups(config: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...(config ?? {}) };
  delete rest.followups;
  return rest;
}

export function stepsFromRows(rows: FollowupRow[]): FollowupStep[] {
  return rows.map((r) => {
    const guidance = r.guidance.trim();
    return { afterDays: Number(r.afterDays), ...(guidance ? { guidance } : {}) };
  });
}

/** The rows' problems with their form paths, none when every row is valid. */
export function followupFormIssues(rows: FollowupRow[]): Array<{ path: (string | number)[]; message: string }> {
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  if (rows.length > MAX_FOLLOWUP_STEPS) issues.push({ path: ["followups"], message: `Keep to ${MAX_FOLLOWUP_STEPS} follow-ups at most.` });
  rows.forEach((r, i) => {
    const days = r.afterDays;
    if (days === null || Number.isNaN(days)) issues.push({ path: ["followups", i, "afterDays"], message: "Say after how many days, from 1 to 60." });
    else if (!Number.isInteger(days) || days < MIN_AFTER_DAYS || days > MAX_AFTER_DAYS) {
      issues.push({ path: ["followups", i, "afterDays"], message: `Days is a whole number from ${MIN_AFTER_DAYS} to ${MAX_AFTER_DAYS}.` });
    }
    if (r.guidance.trim().length > MAX_GUIDANCE_CHARS) {
      issues.push({ path: ["followups", i, "guidance"], message: `Guidance takes at most ${MAX_GUIDANCE_CHARS} characters.` });
    }
  });
  return issues;
}

export function checkFollowupForm(v: { followups: FollowupRow[] }, ctx: z.RefinementCtx): void {
  for (const issue of followupFormIssues(v.followups)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}
