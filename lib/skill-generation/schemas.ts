import { z } from "zod";
import { ZDbId, ZText } from "@/lib/http/fields";

/** preview: the Tuning tab's mode, the config waits for Adopt; apply: the profile is written directly. */
export const GENERATION_MODES = ["preview", "apply"] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];

export const ZStartSkillRunBody = z.object({ mode: z.enum(GENERATION_MODES).default("preview") }).strict();

/** What a campaign_skill_generation run keeps in runs.params (SPEC "Campaign tuning"). */
export interface SkillRunParams {
  mode?: GenerationMode;
  previousConfig?: Record<string, unknown>;
  generatedConfig?: Record<string, unknown>;
  adopted?: boolean;
  discarded?: boolean;
  applied?: boolean;
  /** Why each change was made, with the reviewers' decisions (draft ids) that motivated it. */
  rationale?: ProfileRationale[];
}

/** One change of a generated profile and the review decisions behind it (docs/tuning.md "Learning from reviews"). */
export const ZProfileRationale = z
  .object({
    field: ZText.trim().min(1).max(80).describe("The profile field changed, e.g. tone, rules, communities"),
    change: ZText.trim().min(1).max(500).describe("What changed and why, in one or two sentences a reviewer reads"),
    draftIds: z.array(ZDbId).max(20).default([]).describe("The drafts (from skill_review_history) whose review motivated this change"),
  })
  .strict();
export type ProfileRationale = z.infer<typeof ZProfileRationale>;
export const ZProfileRationaleList = z.array(ZProfileRationale).max(30);

export const SKILL_GENERATION_KIND = "campaign_skill_generation";
export const SKILL_GENERATOR_PLAYBOOK = "campaign-skill-generator";
