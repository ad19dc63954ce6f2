// A campaign's follow-up steps (docs/sequences.md), kept in its config as `followups`: after `afterDays` days without
// a reply to a sent DM or comment, a follow-up is drafted to the same person, with the step's guidance for the agent.
// Pure: the campaign schema, the form, the tick and the tools read the steps through this one module.
import { z } from "zod";

/** Limits from issue 40: at most three steps, 1 to 60 days each, guidance up to 500 characters. */
export const MAX_FOLLOWUP_STEPS = 3;
export const MIN_AFTER_DAYS = 1;
export const MAX_AFTER_DAYS = 60;
export const MAX_GUIDANCE_CHARS = 500;

export const ZFollowupStep = z
  .object({
    afterDays: z
      .number()
      .int("Days is a whole number")
      .min(MIN_AFTER_DAYS, `Days is at least ${MIN_AFTER_DAYS}`)
      .max(MAX_AFTER_DAYS, `Days is at most ${MAX_AFTER_DAYS}`)
      .describe("Days without a reply to the previous message before this follow-up is drafted (1-60)"),
    guidance: z
      .string()
      .trim()
      .max(MAX_GUIDANCE_CHARS, `Guidance takes at most ${MAX_GUIDANCE_CHARS} characters`)
      .optional()
      .describe("What the agent should do differently in this follow-up, e.g. \"shorter, mention the case study\""),
  })
  .strict();

export const ZFollowupSteps = z
  .array(ZFollowupStep)
  .max(MAX_FOLLOWUP_STEPS, `At most ${MAX_FOLLOWUP_STEPS} follow-up steps`)
  .describe("Follow-ups on silence, in order: step 1 follows the first message, step 2 follows step 1. None (the default): no follow-ups");

export type FollowupStep = z.infer<typeof ZFollowupStep>;

/**
 * The steps of a stored config. Configs are validated when saved, so anything unreadable here is an older row:
 * it counts as no follow-ups rather than stopping the tick.
 */
export function followupStepsOf(config: unknown): FollowupStep[] {
  const raw = config && typeof config === "object" ? (config as Record<string, unknown>).followups : undefined;
  const parsed = ZFollowupSteps.safeParse(raw ?? []);
  return parsed.success ? parsed.data : [];
}

/** "Follow-up 1 of 2". */
export function followupLabel(step: number, of: number | null): string {
  return of && of >= step ? `Follow-up ${step} of ${of}` : `Follow-up ${step}`;
}

/**
 * A generated profile replaces the campaign's config, but the follow-up steps are the person's, not the agent's: they
 * are carried over unless the new config names its own.
 */
export function withFollowupsOf(current: unknown, next: Record<string, unknown>): Record<string, unknown> {
  if ("followups" in next) return next;
  const kept = current && typeof current === "object" ? (current as Record<string, unknown>).followups : undefined;
  return kept === undefined ? next : { ...next, followups: kept };
}
