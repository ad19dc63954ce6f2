// SPEC "Reply drafting": an answered draft gets a continuation. The placeholder draft, its `reply_drafting_enqueued`
// event and the `reply_drafting` run are written in the caller's transaction, so they commit with the inbound
// message that caused them (or not at all); the agent is launched after that commit.
//
// startRun is the usual way to start a background run, but it opens its own transaction, and here the run must
// commit with the message it answers: so the two steps it is made of (createRun in the transaction, launchRun after
// commit) are taken directly. Retrying a failed drafting run goes through startRun (retry-reply-drafting.ts).
import type { Tx } from "@/lib/db/client";
import type { DraftKind } from "@/lib/generated/prisma/enums";
import type { DraftActor } from "@/lib/drafts/actor";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { createRun } from "@/lib/runs/create-run";
import { launchRun } from "@/lib/runs/launch-run";
import type { DispatchOutcome } from "@/lib/runners/dispatch-run";

export const REPLY_DRAFTING_KIND = "reply_drafting";
export const REPLY_DRAFTER_PLAYBOOK = "reply-drafter";
/** What the reviewer sees until the drafting run writes the real body. */
export const PLACEHOLDER_BODY = "Drafting a reply…";

/** A dm (or a reply or follow-up to one) continues as a DM; a post, a comment or a reply to one continues as a comment. */
export function continuationKind(parentKind: DraftKind): "reply_dm" | "reply_comment" {
  return parentKind === "dm" || parentKind === "reply_dm" || parentKind === "followup_dm" ? "reply_dm" : "reply_comment";
}

/** The outbound draft that was answered, as the continuation copies it. */
export interface AnsweredDraft {
  id: number;
  kind: DraftKind;
  platform: string;
  projectId: number | null;
  accountId: number | null;
  accountHandle: string;
  campaignId: number | null;
  targetUser: string;
  targetCommunity: string | null;
  targetUrl: string | null;
}

export interface EnqueueReplyDraftingInput {
  orgId: number;
  parentDraft: AnsweredDraft;
  /** The inbound message the continuation answers (drafts.parent_message_id). */
  message: { id: number; author: string; permalink: string | null };
  /** resolveRunner's answer for the parent's campaign and project, resolved before the transaction. */
  runner: string;
  actor: DraftActor;
}

export interface EnqueuedReplyDrafting {
  draftId: number;
  runId: number;
  /** The run's secret, for launchReplyDrafting; never stored. */
  token: string;
}

export async function enqueueReplyDrafting(tx: Tx, input: EnqueueReplyDraftingInput): Promise<EnqueuedReplyDrafting> {
  const { orgId, parentDraft: p, message } = input;
  const run = await createRun(tx, {
    orgId,
    kind: REPLY_DRAFTING_KIND,
    runner: input.runner,
    playbookSlug: REPLY_DRAFTER_PLAYBOOK,
    campaignId: p.campaignId,
    projectId: p.projectId,
    trigger: "reply",
    params: { parentDraftId: p.id, messageId: message.id },
  });
  const kind = continuationKind(p.kind);
  const draft = await tx.draft.create({
    data: {
      organizationId: orgId,
      // docs/drafts.md: continuations are `proposed`, reviewed like pending_review.
      state: "proposed",
      kind,
      platform: p.platform,
      projectId: p.projectId,
      accountId: p.accountId,
      accountHandle: p.accountHandle,
      campaignId: p.campaignId,
      runId: run.id,
      // A top-level post addresses a community: the person to answer is whoever commented on it.
      targetUser: p.kind === "post" ? message.author : p.targetUser,
      targetCommunity: p.targetCommunity,
      // A comment is answered where it was written; a DM continues in the same conversation.
      targetUrl: kind === "reply_comment" ? (message.permalink ?? p.targetUrl) : p.targetUrl,
      body: PLACEHOLDER_BODY,
      parentMessageId: message.id,
      draftingRunId: run.id,
    },
    select: { id: true },
  });
  await tx.run.updateMany({
    where: { id: run.id, organizationId: orgId },
    data: { params: { draftId: draft.id, parentDraftId: p.id, messageId: message.id } },
  });
  await recordDraftEvent(tx, {
    orgId,
    draftId: draft.id,
    event: "reply_drafting_enqueued",
    actor: input.actor,
    details: { to: "proposed", version: 1, runId: run.id, parentDraftId: p.id, messageId: message.id },
  });
  return { draftId: draft.id, runId: run.id, token: run.token };
}

/** Starts the agent of an enqueued drafting run; call after the enqueuing transaction committed. */
export function launchReplyDrafting({ orgId, runId, token }: { orgId: number; runId: number; token: string }): Promise<DispatchOutcome> {
  return launchRun({ orgId, runId, token });
}
