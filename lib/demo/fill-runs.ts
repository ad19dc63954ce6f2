// Demo load step: every run with its scripted log, token usage and cost.
// Returns when each run started and ended and when its drafts were created, which the later steps build on.
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { RUN_MODEL, RUNS } from "@/lib/demo/campaigns";
import type { DemoPlan } from "@/lib/demo/demo-plan";
import { DRAFTS } from "@/lib/demo/drafts/all-drafts";
import { scriptRun } from "@/lib/demo/run-events";
import type { AgentStart } from "@/lib/demo/run-script";
import { costFor, usageFor } from "@/lib/demo/run-usage";
import { LOCAL_BACKENDS } from "@/lib/runners/backends";
import { resolvePlaybookPrompt } from "@/lib/runners/resolve-playbook-prompt";

export interface RunTimes {
  start: Date;
  end: Date | null;
}

export interface FilledRuns {
  runs: number;
  runEvents: number;
  runTimes: Map<string, RunTimes>;
  /** Outreach drafts are created by the drafts_create call of their run. */
  draftsCreatedAt: Map<string, Date>;
}

/** What the dispatcher would start for this run: the backend, and the playbook it reads from playbooks/<slug>.md. */
async function agentStart(runner: string, playbookSlug: string): Promise<AgentStart> {
  const backend = LOCAL_BACKENDS.find((b) => b.slug === runner) ?? LOCAL_BACKENDS[0];
  const playbook = await resolvePlaybookPrompt({ playbookBody: null, playbookSlug });
  return {
    label: backend.label, binary: backend.binary, acpArgs: backend.acpArgs, playbookSlug,
    // Without the playbooks folder (a build that left it out) the size is a typical one.
    playbookSource: playbook?.source ?? "file", promptChars: playbook?.body.length ?? 5_200,
  };
}

export async function fillRuns(tx: Tx, plan: DemoPlan): Promise<FilledRuns> {
  const { orgId, ago, rand, campaignSpec, threadSpec, runId, draftId, messageId } = plan;
  const runRows: Prisma.RunCreateManyInput[] = [];
  const runEventRows: Prisma.RunEventCreateManyInput[] = [];
  const draftsCreatedAt = new Map<string, Date>();
  const runTimes = new Map<string, RunTimes>();

  for (const r of RUNS) {
    const id = runId.get(r.key)!;
    const campaign = r.campaign ? campaignSpec.get(r.campaign)! : null;
    const runner = r.runner ?? campaign?.runner ?? "claude-code";
    const platform = plan.platformOfRun(r);
    const produced = DRAFTS.filter((d) => d.run === r.key);
    const communities = (campaign?.config.communities as string[] | undefined) ?? [];
    const replyDraft = r.kind === "reply_drafting" ? produced[0] : undefined;
    const replyThread = replyDraft?.replyTo ? threadSpec.get(replyDraft.replyTo.thread)! : undefined;
    const inbound = replyThread ? replyThread.messages[replyDraft!.replyTo!.message] : undefined;
    const playbookSlug = r.kind === "campaign" ? campaign!.skill : r.kind === "reply_drafting" ? "reply-drafter" : "campaign-skill-generator";
    const usage = usageFor({ ...r, runner }, rand);
    // The run row is created when the run is started; the dispatcher's clock (tUs) starts a moment later.
    const start = new Date(ago(r.startH).getTime() + (r.status === "running" ? 0 : Math.round(rand() * 40_000)));
    const dispatchedAt = start.getTime() + 15 + Math.round(rand() * 45);
    const scripted = scriptRun(
      {
        runId: id,
        spec: { ...r, runner },
        agent: await agentStart(runner, playbookSlug),
        usage,
        campaignName: campaign?.name ?? null,
        platform,
        skill: campaign?.skill ?? null,
        communities,
        drafts: produced.map((d) => ({ id: draftId.get(d.key)!, kind: d.kind, targetUser: d.targetUser, qualityScore: d.quality?.[0] ?? null, body: d.body })),
        recentlyContacted: produced.filter((d) => d.dedupOf).map((d) => d.targetUser),
        // He asked not to be contacted and went on the blocklist; later scouting runs skip him.
        blockedSkipped: r.key === "a1-4" ? "grumpy_sysadmin (user)" : null,
        reply:
          replyDraft && replyThread && inbound?.dir === "in"
            ? {
                author: replyDraft.targetUser,
                inbound: inbound.body,
                threadMessages: replyDraft.replyTo!.message + 1,
                placeholderDraftId: draftId.get(replyDraft.key)!,
              }
            : undefined,
        // A run still going has logged up to a few seconds ago at most.
        elapsedUs: r.status === "running" ? Math.max(0, plan.now.getTime() - dispatchedAt - 3_000) * 1000 : undefined,
        rand,
      },
      `toolu_${id}`,
    );
    // Stored like lib/runs/record-run-event.ts stores them: tUs in the payload, created_at when the event arrived.
    const at = (tUs: number) => new Date(dispatchedAt + Math.floor(tUs / 1000));
    scripted.events.forEach((e, i) => {
      runEventRows.push({
        organizationId: orgId, runId: id, seq: i + 1, type: e.type, payload: { ...e.payload, tUs: e.tUs } as Prisma.InputJsonValue, createdAt: at(e.tUs),
      });
    });
    if (scripted.draftsAtUs !== null) produced.forEach((d, i) => draftsCreatedAt.set(d.key, new Date(at(scripted.draftsAtUs!).getTime() + i * 7)));
    const end = scripted.closedAtUs === null ? null : at(scripted.closedAtUs);
    runTimes.set(r.key, { start, end });

    const params: Record<string, unknown> = {};
    if (r.kind === "campaign_skill_generation" && campaign) {
      const generatedConfig = campaign.config;
      const previousConfig = r.tuning === "applied" ? {} : { communities: communities.slice(0, 2), tone: "friendly" };
      Object.assign(params, { mode: r.tuning === "applied" ? "apply" : "preview", previousConfig, generatedConfig });
      if (r.tuning === "adopted") params.adopted = true;
      if (r.tuning === "discarded") params.discarded = true;
    } else if (r.kind === "reply_drafting" && replyDraft) {
      Object.assign(params, { draftId: draftId.get(replyDraft.key), parentMessageId: messageId.get(`${replyThread!.key}/${replyDraft.replyTo!.message}`) });
    } else if (produced.length) {
      params.draftsCreated = produced.length;
    }
    runRows.push({
      id, organizationId: orgId, campaignId: campaign ? plan.campaignId.get(campaign.key)! : null, projectId: plan.projectId.get(r.project)!,
      kind: r.kind, status: r.status, trigger: r.trigger, runner, model: runner === "claude-code" ? RUN_MODEL : null,
      playbookSlug, params: params as Prisma.InputJsonValue,
      failureReason: r.failureReason ?? null, exitCode: scripted.exitCode, error: scripted.error,
      stopReason: r.status === "success" ? "end_turn" : null,
      ...usage, costUsd: costFor(runner, usage),
      startedAt: start, finishedAt: end, createdAt: start,
    });
  }
  await tx.run.createMany({ data: runRows });
  await tx.runEvent.createMany({ data: runEventRows });
  return { runs: runRows.length, runEvents: runEventRows.length, runTimes, draftsCreatedAt };
}
