// The shape every run read returns: pages and routes never see a raw run row (tokens, playbook bodies, the run
// token hash stay inside).
import type { Prisma } from "@/lib/generated/prisma/client";

export const RUN_KINDS = [
  "campaign",
  "campaign_skill_generation",
  "project_extraction",
  "reply_drafting",
  "followup_drafting",
  "draft_regeneration",
  "project_insights",
] as const;

/** SPEC 7 "Run failure taxonomy", plus `cancelled` for a run stopped with DELETE /api/run/[id]. */
export const FAILURE_REASONS = [
  "runner_missing",
  "auth_expired",
  "quota_exhausted",
  "playbook_error",
  "playbook_incomplete",
  "network",
  "agent_crashed",
  "agent_timeout",
  "unknown",
  "cancelled",
] as const;

export const RUN_STATUSES = ["running", "success", "failed"] as const;
export type RunStatusValue = (typeof RUN_STATUSES)[number];

export interface RunSummary {
  id: number;
  kind: string;
  status: RunStatusValue;
  trigger: string;
  runner: string;
  model: string | null;
  campaignId: number | null;
  campaignName: string | null;
  projectId: number | null;
  failureReason: string | null;
  error: string | null;
  exitCode: number | null;
  stopReason: string | null;
  /** null when the backend or model has no price table (SPEC 2 "Cost"): never shown as 0. */
  costUsd: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheCreationTokens: number | null;
  startedAt: string;
  finishedAt: string | null;
  draftCount: number;
}

export function runSummarySelect(orgId: number) {
  return {
    id: true,
    kind: true,
    status: true,
    trigger: true,
    runner: true,
    model: true,
    campaignId: true,
    projectId: true,
    failureReason: true,
    error: true,
    exitCode: true,
    stopReason: true,
    costUsd: true,
    inputTokens: true,
    outputTokens: true,
    cacheReadTokens: true,
    cacheCreationTokens: true,
    startedAt: true,
    finishedAt: true,
    // The campaign belongs to the run's organization by construction; the filter keeps that true if it ever is not.
    campaign: { select: { name: true, organizationId: true } },
    _count: { select: { drafts: { where: { organizationId: orgId } } } },
  } satisfies Prisma.RunSelect;
}

type SummaryRow = Prisma.RunGetPayload<{ select: ReturnType<typeof runSummarySelect> }>;

export function toRunSummary(row: SummaryRow, orgId: number): RunSummary {
  const campaign = row.campaign && row.campaign.organizationId === orgId ? row.campaign : null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as RunStatusValue,
    trigger: row.trigger,
    runner: row.runner,
    model: row.model,
    campaignId: campaign ? row.campaignId : null,
    campaignName: campaign?.name ?? null,
    projectId: row.projectId,
    failureReason: row.failureReason,
    error: row.error,
    exitCode: row.exitCode,
    stopReason: row.stopReason,
    costUsd: row.costUsd === null ? null : Number(row.costUsd),
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    cacheReadTokens: row.cacheReadTokens,
    cacheCreationTokens: row.cacheCreationTokens,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    draftCount: row._count.drafts,
  };
}
