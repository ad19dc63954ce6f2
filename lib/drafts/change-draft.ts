// The one path every change to a draft goes through: tenancy, the state table, the optimistic lock
// (UPDATE ... WHERE id AND version, version + 1), the variant cascade and the draft event, in the caller's
// transaction so they commit or roll back together.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DraftState } from "@/lib/generated/prisma/enums";
import type { Tx } from "@/lib/db/client";
import { AppError, notFound, versionConflict } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { CASCADES_TO_VARIANTS, checkTransition, type DraftAction } from "@/lib/drafts/transitions";
import { rejectLosingVariants } from "@/lib/drafts/reject-losing-variants";
import { draftEventTypeOf, emitDraftDecision } from "@/lib/drafts/emit-draft-decision";

export const lockedDraftSelect = {
  id: true, version: true, state: true, kind: true, platform: true, projectId: true, accountId: true, accountHandle: true,
  targetUser: true, targetCommunity: true, title: true, body: true, previousBody: true, draftingRunId: true,
  variantGroupId: true, scheduledSendAfter: true, campaignId: true, runId: true,
} as const satisfies Prisma.DraftSelect;

export type LockedDraft = Prisma.DraftGetPayload<{ select: typeof lockedDraftSelect }>;

export interface ChangeDraftInput {
  orgId: number;
  id: number;
  /** The version the caller saw; without it the row's current version is used (SPEC 7). */
  version?: number;
  action: DraftAction;
  actor: DraftActor;
  event: string;
  /** Where the draft goes instead of the table's default target (reopen returns to the review state it left). */
  to?: (draft: LockedDraft) => Promise<DraftState>;
  /**
   * The states the caller saw the draft in (a bulk selection's view): a draft that has moved on since is refused,
   * so a row approved a moment ago is not rejected with the rest of the page.
   */
  expectStates?: readonly DraftState[];
  /** Lock the draft's variant group first, as the cascade does, for changes that touch its siblings. */
  lockGroup?: boolean;
  /** Extra columns to write with the change. */
  data?: (draft: LockedDraft) => Prisma.DraftUpdateManyMutationInput;
  details?: (draft: LockedDraft) => Prisma.InputJsonObject;
  /** Runs after the state check and before the write; throws to refuse (the blocklist re-check of a send). */
  guard?: (draft: LockedDraft) => Promise<void>;
  /** Runs after the write in the same transaction (contact history on send). */
  after?: (draft: LockedDraft) => Promise<void>;
}

export async function changeDraft(tx: Tx, input: ChangeDraftInput): Promise<{ before: LockedDraft; version: number }> {
  const { orgId, id } = input;
  let draft = await readDraft(tx, orgId, id);
  const cascades = CASCADES_TO_VARIANTS.includes(input.action) && draft.variantGroupId !== null;
  if ((cascades || input.lockGroup) && draft.variantGroupId !== null) {
    // Serialise the whole group (in id order, so two winners cannot deadlock), then re-read under the lock:
    // two siblings approved at once must not both win.
    await tx.$queryRaw`SELECT id FROM drafts WHERE organization_id = ${orgId} AND variant_group_id = ${draft.variantGroupId}
      ORDER BY id FOR UPDATE`;
    draft = await readDraft(tx, orgId, id);
  }
  if (input.version !== undefined && input.version !== draft.version) throw versionConflict(draft.version);
  if (input.expectStates && !input.expectStates.includes(draft.state)) {
    throw new AppError("conflict", `Left out: the draft is ${STATE_WORDS[draft.state]} now`, { state: draft.state, current_version: draft.version });
  }

  const check = checkTransition(input.action, draft);
  if (!check.ok) throw new AppError("conflict", check.reason!, { state: draft.state, current_version: draft.version });
  await input.guard?.(draft);
  const to = check.to && input.to ? await input.to(draft) : check.to;

  const expected = input.version ?? draft.version;
  const { count } = await tx.draft.updateMany({
    where: { id, organizationId: orgId, version: expected },
    data: { ...input.data?.(draft), ...(to ? { state: to } : {}), version: { increment: 1 } },
  });
  if (count === 0) {
    // Lost the race: another writer committed first. Report the version it left behind.
    const current = await tx.draft.findFirst({ where: { id, organizationId: orgId }, select: { version: true } });
    if (!current) throw notFound("Draft");
    throw versionConflict(current.version);
  }

  const details = { from: draft.state, ...(to ? { to } : {}), version: expected + 1, ...input.details?.(draft) };
  const recorded = await recordDraftEvent(tx, { orgId, draftId: id, event: input.event, actor: input.actor, details });
  // Approvals, rejections and sends also go to the webhook endpoints that subscribe to them, with this commit.
  const decision = draftEventTypeOf(input.action);
  if (decision && to) {
    await emitDraftDecision(tx, {
      orgId, type: decision, event: recorded, draft, from: draft.state, to, version: expected + 1, actor: input.actor, details,
    });
  }
  if (cascades) await rejectLosingVariants(tx, { orgId, winnerId: id, variantGroupId: draft.variantGroupId!, actor: input.actor });
  await input.after?.(draft);
  return { before: draft, version: expected + 1 };
}

// How a bulk result names a state a draft moved to after it was selected.
const STATE_WORDS: Record<DraftState, string> = {
  pending_review: "waiting for review",
  proposed: "proposed",
  approved: "approved",
  armed: "approved and open for sending",
  rejected: "rejected",
  sent: "sent",
  replied: "replied to",
};

async function readDraft(tx: Tx, orgId: number, id: number): Promise<LockedDraft> {
  const draft = await tx.draft.findFirst({ where: { id, organizationId: orgId }, select: lockedDraftSelect });
  if (!draft) throw notFound("Draft");
  return draft;
}
