import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { detectRunners, type RunnerStatus } from "@/lib/runners/detect-runners";
import { isRunnerOffered, notOfferedMessage, offeredRunnerOr } from "@/lib/runners/runner-policy";
import { isCloudEdition } from "@/lib/edition/edition";
import type { Platform } from "@/lib/campaigns/catalog";
import { profileProblems } from "@/lib/skill-generation/profile-schema";

export type BlockingCode = "profile_missing" | "profile_invalid" | "no_account" | "runner_unavailable";

export interface ReadinessAction {
  label: string;
  /** A page to open. */
  href?: string;
  /** An in-page action the banner handles itself (`generate_profile`). */
  action?: "generate_profile";
}

export interface BlockingIssue {
  code: BlockingCode;
  message: string;
  action: ReadinessAction;
}

export interface InProgressItem {
  code: "generating_profile";
  label: string;
  runId: number;
}

export interface CampaignReadiness {
  blocking: BlockingIssue[];
  inProgress: InProgressItem[];
  generatingProfile: boolean;
  /** A generation that will write the profile (not a tuning preview) is running: Run now waits for it. */
  profileBeingWritten: boolean;
  campaignRunning: boolean;
  /** The live `campaign` run, for the Running state and its Cancel button. */
  liveRunId: number | null;
  /** The runner a profile generation uses: the campaign's, or the cloud runner for one this edition does not offer. */
  generationRunner: string;
  /** Why that runner cannot run a generation now (Generate preview and Regenerate say it), or null. */
  generationRunnerProblem: string | null;
}

export interface GetCampaignReadinessInput {
  orgId: number;
  campaignId: number;
  /** Runner detection; the cached `--version` probe unless a caller already holds the list. */
  runners?: RunnerStatus[];
}

/**
 * What the campaign page's banner shows (SPEC 1 "Campaign readiness banner"), evaluated on every load. Blocking
 * issues say why the campaign cannot run and what to do; in-progress items are long operations against it.
 */
export async function getCampaignReadiness({ orgId, campaignId, runners }: GetCampaignReadinessInput): Promise<CampaignReadiness> {
  const campaign = await db.campaign.findFirst({
    where: { id: campaignId, organizationId: orgId },
    select: { id: true, projectId: true, platform: true, runner: true, config: true },
  });
  if (!campaign) throw notFound("Campaign");

  const [accountCount, liveRuns, runnerList] = await Promise.all([
    db.account.count({ where: { organizationId: orgId, projectId: campaign.projectId, platform: campaign.platform } }),
    db.run.findMany({
      where: { organizationId: orgId, campaignId, status: "running", kind: { in: ["campaign", "campaign_skill_generation"] } },
      orderBy: { id: "desc" },
      select: { id: true, kind: true, params: true },
    }),
    runners ? Promise.resolve(runners) : detectRunners(),
  ]);

  const generation = liveRuns.find((r) => r.kind === "campaign_skill_generation") ?? null;
  const campaignRun = liveRuns.find((r) => r.kind === "campaign") ?? null;

  const blocking: BlockingIssue[] = [];
  if (!hasProfile(campaign.config) && !generation) {
    // While a generation runs the profile is on its way: the in-progress item says so instead.
    blocking.push({
      code: "profile_missing",
      message: "The campaign profile has not been generated yet.",
      action: { label: "Generate profile", action: "generate_profile" },
    });
  }
  const problems = hasProfile(campaign.config) ? profileProblems(campaign.platform as Platform, campaign.config) : [];
  if (problems.length > 0 && !generation) {
    blocking.push({
      code: "profile_invalid",
      message: `The campaign profile does not match the ${campaign.platform} skill schema: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? "; …" : ""}`,
      action: { label: "Generate profile", action: "generate_profile" },
    });
  }
  if (accountCount === 0) {
    blocking.push({
      code: "no_account",
      message: `No ${campaign.platform} account is linked to this campaign's project.`,
      action: { label: "Add account", href: `/projects/${campaign.projectId}?tab=accounts` },
    });
  }
  const runner = runnerList.find((r) => r.slug === campaign.runner);
  if (!runner?.available) {
    blocking.push({
      code: "runner_unavailable",
      message: !isRunnerOffered(campaign.runner)
        ? notOfferedMessage(campaign.runner)
        : runner?.reason
          ? // A cloud customer's reason is already a whole sentence about the agent (CLOUD_RUNNER_DOWN_FOR_CUSTOMERS).
            isCloudEdition()
            ? runner.reason
            : `The agent ${runner.label} is not available: ${runner.reason}`
          : `The agent ${campaign.runner} is not available.`,
      // The campaign's own form changes the runner; Settings shows how to install one.
      action: { label: "Choose another agent", href: `/campaigns/${campaign.id}#edit-campaign-runner` },
    });
  }

  const generationRunner = offeredRunnerOr(campaign.runner);
  const generator = generationRunner === campaign.runner ? runner : runnerList.find((r) => r.slug === generationRunner);
  const generationRunnerProblem = generator?.available
    ? null
    : generator?.reason
      ? isCloudEdition()
        ? generator.reason
        : `The agent ${generator.label} is not available: ${generator.reason}`
      : `The agent ${generationRunner} is not available.`;

  return {
    blocking,
    inProgress: generation ? [{ code: "generating_profile", label: "Generating campaign profile", runId: generation.id }] : [],
    generatingProfile: generation !== null,
    profileBeingWritten: liveRuns.some((r) => r.kind === "campaign_skill_generation" && (r.params as { mode?: string } | null)?.mode !== "preview"),
    campaignRunning: campaignRun !== null,
    liveRunId: campaignRun?.id ?? null,
    generationRunner,
    generationRunnerProblem,
  };
}

/** A profile is any non-empty JSON object: the column defaults to `{}` until the skill generator writes one. */
function hasProfile(config: unknown): boolean {
  return !!config && typeof config === "object" && !Array.isArray(config) && Object.keys(config).length > 0;
}
