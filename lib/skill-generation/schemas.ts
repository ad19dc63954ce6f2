import { z } from "zod";

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
}

export const SKILL_GENERATION_KIND = "campaign_skill_generation";
export const SKILL_GENERATOR_PLAYBOOK = "campaign-skill-generator";
