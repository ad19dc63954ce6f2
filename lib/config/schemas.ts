// Per-organization settings (SPEC "App config") with the spec's defaults.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";

export const ZDedupPolicy = z
  .object({
    window_days: z.number().int().min(0).max(3650).describe("How far back a previous contact counts"),
    mode: z.enum(["warn", "skip"]).describe("warn: create with a warning; skip: do not create"),
  })
  .strict();

export const ZQualityRubric = z
  .object({
    rubric_template: ZText.max(20_000),
    threshold_red: z.number().int().min(0).max(100),
    threshold_green: z.number().int().min(0).max(100),
  })
  .strict()
  .refine((r) => r.threshold_red <= r.threshold_green, { message: "threshold_red must not exceed threshold_green", path: ["threshold_red"] });

export type DedupPolicy = z.infer<typeof ZDedupPolicy>;
export type QualityRubric = z.infer<typeof ZQualityRubric>;

// SPEC "Contact deduplication": 90 days, warn.
export const DEFAULT_DEDUP_POLICY: DedupPolicy = { window_days: 90, mode: "warn" };

// SPEC "Quality scoring" and Limits: sample rubric thresholds 40 and 75.
export const DEFAULT_QUALITY_RUBRIC: QualityRubric = {
  rubric_template: [
    "Score the draft from 0 to 100.",
    "- Relevance (0-40): it answers what this person actually wrote or asked.",
    "- Voice (0-30): it reads like one person writing to another; no marketing tone, no hype, no emojis.",
    "- Value (0-20): it gives something useful before asking for anything.",
    "- Fit (0-10): it respects the community's rules and the platform's length norms.",
    "Explain the score in one sentence.",
  ].join("\n"),
  threshold_red: 40,
  threshold_green: 75,
};

export const ZAppConfigPatch = z
  .object({
    dedup_policy: ZDedupPolicy,
    quality_rubric: ZQualityRubric,
  })
  .partial()
  .strict();
export type AppConfigPatch = z.infer<typeof ZAppConfigPatch>;
