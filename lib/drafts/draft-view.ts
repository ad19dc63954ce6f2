// The one response shape of a draft, used by every route that returns drafts.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DraftKind, DraftState, DraftVisibility } from "@/lib/generated/prisma/enums";
import { isPublicKind } from "@/lib/removal-checks/removal-policy";
import { visibilityTargetOf } from "@/lib/removal-checks/visibility-target";
import type { IntentSource, ReplyIntent } from "@/lib/replies/reply-intent";
import { followupLabel } from "@/lib/followups/followup-steps";

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
  heldUntil: true,
  heldReason: true,
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
  publishedUrl: true,
  publishedId: true,
  visibility: true,
  visibilityCheckedAt: true,
  visibilityCheckDueAt: true,
  visibilityError: true,
  followsDraftId: true,
  followupStep: true,
  followupOf: true,
  withdrawnReason: true,
  createdAt: true,
  updatedAt: true,
  campaign: { select: { name: true } },
  project: { select: { name: true } },
  autoPost: { select: { status: true, attempts: true, maxAttempts: true, lastError: true, nextAttemptAt: true, statusUrl: true } },
  parentMessage: { select: { intent: true, intentConfidence: true, intentReason: true, intentSource: true } },
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
  /**
   * Held at send by the account's sending limits or an opt-out (docs/sending-limits.md): the reason, and the time it
   * may go (null with a reason: until a person acts). Both null when nothing holds it.
   */
  heldUntil: string | null;
  heldReason: string | null;
  qualityScore: number | null;
  qualityReason: string | null;
  qualityModel: string | null;
  regenerationCount: number;
  /** Id of the draft_regeneration run still rewriting this draft, if any. */
  regeneratingRunId: number | null;
  variantGroupId: string | null;
  variantLabel: string | null;
  parentMessageId: number | null;
  /**
   * A reply draft: what the message it answers means (docs/conversations.md "Reply intent"), so the reviewer sees
   * "Interested" or "Out of office" before reading the thread. Null for other drafts and unsorted replies.
   */
  replyIntent: { intent: ReplyIntent; confidence: number | null; reason: string | null; source: IntentSource | null } | null;
  draftingRunId: number | null;
  /**
   * Set when the run drafting this reply has ended without writing it: its failure reason, or "ended". The inbox then
   * offers Retry instead of a spinner that would never stop. Only the inbox list computes it; elsewhere null.
   */
  draftingFailure: string | null;
  isReply: boolean;
  /**
   * Auto-post's hold on the draft (docs/research-tools.md "Auto-post"): pending (queued, or waiting to retry, with the
   * last error), posting, posted (with the status URL) or failed (for good, with the reason); null when it never took
   * the draft up.
   */
  autoPost: AutoPostView | null;
  /**
   * Removal checks of a sent public post or comment (docs/removal-checks.md); null for DMs and drafts not sent.
   */
  removalCheck: RemovalCheckView | null;
  /**
   * A follow-up on silence (docs/sequences.md): its step, how many steps the campaign had ("Follow-up 1 of 2") and the
   * message it follows. Null for other drafts.
   */
  followup: { step: number; of: number | null; followsDraftId: number | null; label: string } | null;
  /** Why the system withdrew (rejected) this draft without a reviewer: `replied` when the person answered meanwhile. */
  withdrawnReason: string | null;
  sentAt: string | null;
  repliedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AutoPostView {
  status: "pending" | "posting" | "posted" | "failed";
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  statusUrl: string | null;
}

export interface RemovalCheckView {
  /** What a signed-out visitor saw at the last check; null until the first one. */
  status: DraftVisibility | null;
  checkedAt: string | null;
  /** The next scheduled check (1 h, then 24 h after the send); null when none is left. */
  nextCheckAt: string | null;
  /** Why the last check said nothing (the platform did not answer, no link to the post). */
  error: string | null;
  /** The post's address on the platform, when known. */
  url: string | null;
  /** Whether the post can be found on the platform at all (a permalink or the platform's id was kept). */
  checkable: boolean;
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
    heldUntil: iso(row.heldUntil),
    heldReason: row.heldReason,
    qualityScore: row.qualityScore,
    qualityReason: row.qualityReason,
    qualityModel: row.qualityModel,
    regenerationCount: row.regenerationCount,
    regeneratingRunId,
    variantGroupId: row.variantGroupId,
    variantLabel: row.variantLabel,
    parentMessageId: row.parentMessageId,
    replyIntent: row.parentMessage?.intent
      ? {
          intent: row.parentMessage.intent as ReplyIntent,
          confidence: row.parentMessage.intentConfidence,
          reason: row.parentMessage.intentReason,
          source: row.parentMessage.intentSource as IntentSource | null,
        }
      : null,
    draftingRunId: row.draftingRunId,
    draftingFailure: row.draftingRunId !== null ? draftingFailure : null,
    isReply: row.kind === "reply_dm" || row.kind === "reply_comment",
    autoPost: row.autoPost
      ? {
          status: row.autoPost.status,
          attempts: row.autoPost.attempts,
          maxAttempts: row.autoPost.maxAttempts,
          lastError: row.autoPost.lastError,
          // The inbox list reads it through SQL as JSON text; a Prisma read gives a Date.
          nextAttemptAt: row.autoPost.status === "pending" ? new Date(row.autoPost.nextAttemptAt).toISOString() : null,
          statusUrl: row.autoPost.statusUrl,
        }
      : null,
    removalCheck: removalCheckOf(row),
    followup: row.followupStep !== null
      ? { step: row.followupStep, of: row.followupOf, followsDraftId: row.followsDraftId, label: followupLabel(row.followupStep, row.followupOf) }
      : null,
    withdrawnReason: row.withdrawnReason,
    sentAt: iso(row.sentAt),
    repliedAt: iso(row.repliedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function removalCheckOf(row: DraftRow): RemovalCheckView | null {
  if (row.sentAt === null || !isPublicKind(row.kind)) return null;
  const url = row.publishedUrl ?? row.autoPost?.statusUrl ?? null;
  return {
    status: row.visibility,
    // The inbox list reads these through SQL; a Prisma read gives Dates. Either way: ISO strings.
    checkedAt: row.visibilityCheckedAt ? new Date(row.visibilityCheckedAt).toISOString() : null,
    nextCheckAt: row.visibilityCheckDueAt ? new Date(row.visibilityCheckDueAt).toISOString() : null,
    error: row.visibilityError,
    url,
    checkable: visibilityTargetOf({ platform: row.platform, publishedUrl: row.publishedUrl, publishedId: row.publishedId }) !== null,
  };
}
