// POST /api/run: start a campaign run (SPEC "Runs"). A campaign has at most one live run: a second request answers
// the live run with `alreadyRunning`. The runner must be available here; the runner, its model and the playbook
// body are snapshotted on the run row, then the dispatcher starts the agent in the background.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { log } from "@/lib/log/logger";
import { publish } from "@/lib/events/bus";
import { getAppConfig } from "@/lib/config/get-app-config";
import { detectRunners } from "@/lib/runners/detect-runners";
import { dispatchRun, type DispatchOutcome } from "@/lib/runners/dispatch-run";
import { mintRunToken } from "@/lib/runs/run-token";
import { Prisma } from "@/lib/generated/prisma/client";

export interface StartCampaignRunInput {
  orgId: number;
  campaignId: number;
  trigger?: string;
  toolServerUrl: string;
  timeoutMs?: number;
}

export interface StartedRun {
  runId: number;
  alreadyRunning?: true;
  /** Settles when the agent process has ended and the run is terminal (tests wait on it; routes do not). */
  done: Promise<DispatchOutcome> | null;
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

  const runner = (await detectRunners()).find((r) => r.slug === campaign.runner);
  if (!runner?.available) {
    throw new AppError("runner_unavailable", runner?.reason ?? `The runner "${campaign.runner}" is not known here`, { runner: campaign.runner });
  }

  // The campaign's own playbook, else the organization's playbook for the skill; without either the run has no
  // snapshot and the dispatcher reads playbooks/<skill>.md.
  const playbook =
    campaign.playbook ??
    (await db.playbook.findFirst({ where: { organizationId: orgId, slug: campaign.skill }, select: { slug: true, body: true } }));
  const config = ((await getAppConfig({ orgId })).runner_configs?.[campaign.runner] ?? {}) as { model?: string };
  const { token, hash } = mintRunToken();

  let runId: number;
  try {
    runId = await db.$transaction(async (tx) => {
      const run = await tx.run.create({
        data: {
          organizationId: orgId,
          campaignId,
          projectId: campaign.projectId,
          kind: "campaign",
          trigger: input.trigger ?? "manual",
          runner: campaign.runner,
          model: config.model ?? null,
          playbookSlug: playbook?.slug ?? campaign.skill,
          playbookBody: playbook?.body ?? null,
          runTokenHash: hash,
          status: "running",
        },
        select: { id: true },
      });
      await publish({ o: orgId, t: "run:started", runId: run.id }, tx);
      return run.id;
    });
  } catch (err) {
    // Lost the race for the one live run (runs_one_live_campaign_run): answer the winner.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      const winner = await findLiveRun(orgId, campaignId);
      if (winner) return { runId: winner, alreadyRunning: true, done: null };
    }
    throw err;
  }

  const done = dispatchRun({ orgId, runId, token, toolServerUrl: input.toolServerUrl, timeoutMs: input.timeoutMs });
  done.catch((err) => log.error("run dispatch failed", { runId, error: (err as Error).message }));
  return { runId, done };
}

async function findLiveRun(orgId: number, campaignId: number): Promise<number | null> {
  const run = await db.run.findFirst({ where: { organizationId: orgId, campaignId, kind: "campaign", status: "running" }, select: { id: true } });
  return run?.id ?? null;
}
