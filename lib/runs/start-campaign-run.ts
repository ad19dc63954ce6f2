// POST /api/run: start a campaign run (SPEC "Runs"). A campaign has at most one live run: a second request answers
// the live run with `alreadyRunning`. The runner must be available here; the runner, its model and the playbook
// body are snapshotted on the run row, then the dispatcher starts the agent in the background.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import type { StartedRun } from "@/lib/runs/start-run";
import { assertRunnerAvailable } from "@/lib/runners/assert-runner-available";
import { createRun } from "@/lib/runs/create-run";
import { launchRun } from "@/lib/runs/launch-run";
import { Prisma } from "@/lib/generated/prisma/client";

export interface StartCampaignRunInput {
  orgId: number;
  campaignId: number;
  trigger?: string;
  toolServerUrl?: string;
  timeoutMs?: number;
}


export async function startCampaignRun(input: StartCampaignRunInput): Promise<StartedRun> {
  const { orgId, campaignId } = input;
  const campaign = await db.campaign.findFirst({
    where: { id: campaignId, organizationId: orgId },
    select: { id: true, projectId: true, runner: true, skill: true, playbook: { select: { slug: true, body: true } } },
  });
  if (!campaign) throw notFound("Campaign");

  const live = await findLiveRun(orgId, campaignId);
  if (live) return { runId: live, alreadyRunning: true, done: null };

  // A run started while the profile is being written would draft against the old (or an empty) profile. A tuning
  // preview writes nothing to the campaign, so it does not hold runs back.
  const generations = await db.run.findMany({ where: { organizationId: orgId, campaignId, kind: "campaign_skill_generation", status: "running" }, select: { id: true, params: true } });
  const generating = generations.find((r) => (r.params as { mode?: string } | null)?.mode !== "preview");
  if (generating) {
    throw new AppError("conflict", `The campaign profile is being generated (run #${generating.id}); start the run once it has finished`, { runId: generating.id });
  }

  await assertRunnerAvailable(campaign.runner, { orgId });

  // The campaign's own playbook, else the organization's playbook for the skill; without either the run has no
  // snapshot and the dispatcher reads playbooks/<skill>.md.
  const playbook =
    campaign.playbook ??
    (await db.playbook.findFirst({ where: { organizationId: orgId, slug: campaign.skill }, select: { slug: true, body: true } }));

  let created: { id: number; token: string };
  try {
    created = await db.$transaction((tx) =>
      createRun(tx, {
        orgId,
        campaignId,
        projectId: campaign.projectId,
        kind: "campaign",
        trigger: input.trigger,
        runner: campaign.runner,
        playbookSlug: playbook?.slug ?? campaign.skill,
        playbookBody: playbook?.body ?? null,
      }),
    );
  } catch (err) {
    // Lost the race for the one live run (runs_one_live_campaign_run): answer the winner.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      const winner = await findLiveRun(orgId, campaignId);
      if (winner) return { runId: winner, alreadyRunning: true, done: null };
    }
    throw err;
  }

  const done = launchRun({ orgId, runId: created.id, token: created.token, toolServerUrl: input.toolServerUrl, timeoutMs: input.timeoutMs });
  return { runId: created.id, done };
}

async function findLiveRun(orgId: number, campaignId: number): Promise<number | null> {
  const run = await db.run.findFirst({ where: { organizationId: orgId, campaignId, kind: "campaign", status: "running" }, select: { id: true } });
  return run?.id ?? null;
}
