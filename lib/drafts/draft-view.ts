// The one response shape of a draft, used by every route that returns drafts.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DraftKind, DraftState } from "@/lib/generated/prisma/enums";

export const draftSelect = {
  id: true,
  version: true,
  state: true,
  kind: true,
  platform: true,
  projectId: true,
  accountId: true,
  accountHandle: true,
  targetUser: true,
  targetCommunity: true,
  targetUrl: true,
  title: true,
  campaignId: true,
  runId: true,
  body: true,
  previousBody: true,
  bodyEdited: true,
  dedupWarning: true,
  scheduledSendAfter: true,
  qualityScore: true,
  qualityReason: true,
  qualityModel: true,
  regenerationCount: true,
  variantGroupId: true,
  variantLabel: true,
  parentMessageId: true,
  draftingRunId: true,
  sentAt: true,
  repliedAt: true,
  createdAt: true,
  updatedAt: true,
  campaign: { select: { name: true } },
  project: { select: { name: true } },
} as const satisfies Prisma.DraftSelect;

export type DraftRow = Prisma.DraftGetPayload<{ select: typeof draftSelect }>;

export interface DraftView {
  id: number;
  version: number;
  state: DraftState;
  kind: DraftKind;
  platform: string;
  projectId: number | null;
  projectName: string | null;
  accountId: number | null;
  accountHandle: string;
  targetUser: string;
  targetCommunity: string | null;
  targetUrl: string | null;
  title: string | null;
  campaignId: number | null;
  campaignName: string | null;
  runId: number | null;
  body: string;
  /** True when a regeneration left a previous body that undo can restore. */
  canUndoRegeneration: boolean;
  bodyEdited: boolean;
  dedupWarning: DedupWarning | null;
  scheduledSendAfter: string | null;
  qualityScore: number | null;
  qualityReason: string | null;
  qualityModel: string | null;
  regenerationCount: number;
  /** Id of the draft_regeneration run still rewriting this draft, if any. */
  regeneratingRunId: number | null;
  variantGroupId: string | null;
  variantLabel: string | null;
  parentMessageId: number | null;
  draftingRunId: number | null;
  /**
   * Set when the run drafting this reply has ended without writing it: its failure reason, or "ended". The inbox then
   * offers Retry instead of a spinner that would never stop. Only the inbox list computes it; elsewhere null.
   */
  draftingFailure: string | null;
  isReply: boolean;
  sentAt: string | null;
  repliedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Stored on a draft created in dedup `warn` mode: the earlier contact with the same target. */
export interface DedupWarning {
  source: "contact_history" | "draft";
  lastContactedAt: string;
  draftId: number | null;
  windowDays: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDraftView(row: DraftRow, regeneratingRunId: number | null = null, draftingFailure: string | null = null): DraftView {
  return {
    id: row.id,
    version: row.version,
    state: row.state,
    kind: row.kind,
    platform: row.platform,
    projectId: row.projectId,
    projectName: row.project?.name ?? null,
    accountId: row.accountId,
    accountHandle: row.accountHandle,
    targetUser: row.targetUser,
    targetCommunity: row.targetCommunity,
    targetUrl: row.targetUrl,
    title: row.title,
    campaignId: row.campaignId,
    campaignName: row.campaign?.name ?? null,
    runId: row.runId,
    body: row.body,
    canUndoRegeneration: row.previousBody !== null,
    bodyEdited: row.bodyEdited,
    dedupWarning: (row.dedupWarning as DedupWarning | null) ?? null,
    scheduledSendAfter: iso(row.scheduledSendAfter),
    qualityScore: row.qualityScore,
    qualityReason: row.qualityReason,
    qualityModel: row.qualityModel,
    regenerationCount: row.regenerationCount,
    regeneratingRunId,
    variantGroupId: row.variantGroupId,
    variantLabel: row.variantLabel,
    parentMessageId: row.parentMessageId,
    draftingRunId: row.draftingRunId,
    draftingFailure: row.draftingRunId !== null ? draftingFailure : null,
    isReply: row.kind === "reply_dm" || row.kind === "reply_comment",
    sentAt: iso(row.sentAt),
    repliedAt: iso(row.repliedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
