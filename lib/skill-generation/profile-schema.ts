// The campaign profile (campaigns.config) every skill's playbook reads, and what the campaign-skill-generator must
// produce. One shape for all six skills; only the form of `communities` depends on the platform (forum community
// names; hashtags on the federated platform). Extra keys are allowed so a team can add its own hints.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import type { Platform } from "@/lib/campaigns/catalog";

const text = (max: number) => ZText.trim().min(3).max(max);

function communitiesFor(platform: Platform) {
  const item =
    platform === "federated"
      ? ZText.trim().regex(/^#[\p{L}\p{N}_]{1,100}$/u, "Write a hashtag as # and letters, digits or underscores, like #selfhosted.")
      : ZText.trim().regex(/^[A-Za-z0-9_]{2,50}$/, "Write a community name as 2-50 letters, digits or underscores, without r/, like freelance.");
  return z.array(item).min(1).max(20);
}

export function campaignProfileSchema(platform: Platform) {
  return z
    .object({
      audience: text(2000).describe("Who the campaign is for, concretely"),
      communities: communitiesFor(platform).describe(platform === "federated" ? "Hashtags to follow, with #" : "Communities to read, without r/"),
      tone: text(2000).describe("How the drafts should sound"),
      offer: text(2000).describe("What the project offers these people, and when to mention it"),
      rules: z.array(ZText.trim().min(3).max(500)).max(20).default([]).describe("Hard rules every draft follows"),
      keywords: z.array(ZText.trim().min(2).max(100)).max(30).optional().describe("Words that signal a relevant post"),
      maxDraftsPerRun: z.number().int().min(1).max(50).describe("Upper bound of drafts per run"),
    })
    .loose();
}

export type CampaignProfile = z.infer<ReturnType<typeof campaignProfileSchema>>;

/** The JSON Schema `skill_generate_start` hands the agent. */
export function campaignProfileJsonSchema(platform: Platform) {
  return z.toJSONSchema(campaignProfileSchema(platform), { io: "input" });
}

/** Readable reasons a config does not match, for the readiness banner and the finish tool's refusal. */
export function profileProblems(platform: Platform, config: unknown): string[] {
  const parsed = campaignProfileSchema(platform).safeParse(config);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.join(".") || "profile"}: ${i.message}`);
}
