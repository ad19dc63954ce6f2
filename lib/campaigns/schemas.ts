import { z } from "zod";
import { PLATFORMS, SKILLS } from "@/lib/campaigns/catalog";
import { ZRunnerSlug } from "@/lib/runners/backends";
import { ZId, ZText } from "@/lib/http/fields";
import { ZCron } from "@/lib/campaigns/cron-field";
import { CAMPAIGN_STATES } from "@/lib/campaigns/campaign-state";
import { ZFollowupSteps } from "@/lib/followups/followup-steps";

// Kept here for the server-side code that always imported it from this module; client code imports cron-field.
export { ZCron };

// The profile keys are free-form (the playbook reads them); `followups` is the one key the server itself acts on, so
// it is checked here (docs/sequences.md).
const ZConfig = z
  .looseObject({ followups: ZFollowupSteps.optional() })
  .refine((v) => JSON.stringify(v).length <= 100_000, "Config is larger than 100 KB")
  .describe("The campaign profile the playbook reads, and its follow-up steps (`followups`)");

// A playbook of the same organization (checked by create/update); null runs the organization's built-in of the skill.
const ZCampaignPlaybookId = z
  .number()
  .int()
  .positive()
  .max(2_147_483_647)
  .nullable()
  .describe("A playbook of this organization; null uses the built-in playbook of the campaign's skill");

export const ZCampaignInput = z
  .object({
    projectId: z.number().int().positive(),
    name: z.string().trim().min(1).max(120),
    platform: z.enum(PLATFORMS),
    skill: z.string(),
    runner: ZRunnerSlug.default("cloud"),
    cron: ZCron.nullable().optional(),
    // Chosen on the create form: whether the campaign starts on its schedule at once. Paused is for campaigns that
    // have run; a new one is either started or not.
    state: z
      .enum(["draft", "active"])
      .optional()
      .describe("active: runs on its schedule from now on; draft (the default): not started, no scheduled runs until it is made active"),
    config: ZConfig.optional(),
    autoPost: z.boolean().optional(),
    playbookId: ZCampaignPlaybookId.optional(),
  })
  .superRefine((v, ctx) => {
    if (!SKILLS[v.platform].includes(v.skill)) {
      ctx.addIssue({ code: "custom", path: ["skill"], message: `Skill must be one of ${SKILLS[v.platform].join(", ")}` });
    }
    if (v.autoPost && v.platform !== "federated") {
      ctx.addIssue({ code: "custom", path: ["autoPost"], message: "autoPost applies to the federated platform only" });
    }
  });

export const ZCampaignPatch = z
  .object({
    name: z.string().trim().min(1).max(120),
    runner: ZRunnerSlug,
    cron: ZCron.nullable(),
    config: ZConfig,
    state: z.enum(CAMPAIGN_STATES).describe("active runs on the schedule; paused stops it until Resume; draft has not started"),
    autoPost: z.boolean(),
    playbookId: ZCampaignPlaybookId,
  })
  .partial()
  .strict();

/** GET /api/campaigns (and the Campaigns page's URL): filters, each optional. */
export const ZListCampaignsQuery = z.object({
  projectId: ZId.optional().describe("Only this project's campaigns"),
  state: z.enum(CAMPAIGN_STATES).optional().describe("Only campaigns in this state"),
  platform: z.enum(PLATFORMS).optional().describe("Only campaigns on this platform"),
  q: ZText.trim().max(120).optional().describe("Part of the campaign name, any case"),
});

export type CampaignInput = z.infer<typeof ZCampaignInput>;
export type CampaignPatch = z.infer<typeof ZCampaignPatch>;

export const campaignSelect = {
  id: true, projectId: true, name: true, platform: true, skill: true, runner: true, cron: true, config: true,
  state: true, autoPost: true, playbookId: true, createdAt: true, updatedAt: true, project: { select: { name: true } },
  nextRunAt: true, lastScheduledAt: true, lastScheduleOutcome: true,
} as const;

type CampaignRow = {
  config: unknown;
  project: { name: string };
} & Record<string, unknown>;

export function toCampaignView<T extends CampaignRow>(row: T) {
  const { project, config, ...rest } = row;
  return { ...rest, projectName: project.name, config: (config ?? {}) as Record<string, unknown> } as Omit<T, "project" | "config"> & {
    projectName: string;
    config: Record<string, unknown>;
  };
}
