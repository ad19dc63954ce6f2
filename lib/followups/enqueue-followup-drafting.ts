// A due follow-up becomes a placeholder draft and a `followup_drafting` run, written in the tick's transaction with
// the message it follows (docs/sequences.md): the draft is `pending_review` like any outreach draft, cannot be
// approved until its run writes the body, and is linked to the message it follows with its step. The agent is
// launched after commit, as for reply drafting.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import type { DraftKind } from "@/lib/generated/prisma/enums";
import type { DedupWarning } from "@/lib/drafts/draft-view";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { createRun } from "@/lib/runs/create-run";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";

export const FOLLOWUP_DRAFTING_KIND = "followup_drafting";
export const FOLLOWUP_DRAFTER_PLAYBOOK = "followup-drafter";
/** What the reviewer sees until the drafting run writes the real body. */
export const FOLLOWUP_PLACEHOLDER_BODY = "Drafting a follow-up…";

export const FOLLOWUP_KINDS: readonly DraftKind[] = ["followup_dm", "followup_comment"];
export const isFollowupKind = (kind: string) => kind === "followup_dm" || kind === "followup_comment";

/** A DM is followed up by DM; a comment by a comment in the same place. */
export function followupKindOf(kind: DraftKind): "followup_dm" | "followup_comment" {
  return kind === "dm" || kind === "followup_dm" ? "followup_dm" : "followup_comment";
}

export interface FollowedMessage {
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

export interface EnqueuedFollowup {
  draftId: number;
  runId: number;
  token: string;
}

export async function enqueueFollowupDrafting(
  tx: Tx,
  input: {
    orgId: number; message: FollowedMessage; step: number; of: number; runner: string; cannotRun: string | null;
    dedupWarning: DedupWarning | null; now: Date;
  },
): Promise<EnqueuedFollowup> {
  const { orgId, message: m, step, of } = input;
  const run = await createRun(tx, {
    orgId, kind: FOLLOWUP_DRAFTING_KIND, runner: input.runner, playbookSlug: FOLLOWUP_DRAFTER_PLAYBOOK,
    campaignId: m.campaignId, projectId: m.projectId, trigger: "followup", params: { followsDraftId: m.id, step },
  });
  const draft = await tx.draft.create({
    data: {
      organizationId: orgId,
      state: "pending_review",
      kind: followupKindOf(m.kind),
      platform: m.platform,
      projectId: m.projectId,
      // The person hears from the account that wrote to them first (issue 40: a follow-up goes from the same account).
      accountId: m.accountId,
      accountHandle: m.accountHandle,
      campaignId: m.campaignId,
      runId: run.id,
      targetUser: m.targetUser,
      targetCommunity: m.targetCommunity,
      targetUrl: m.targetUrl,
      body: FOLLOWUP_PLACEHOLDER_BODY,
      draftingRunId: run.id,
      followsDraftId: m.id,
      followupStep: step,
      followupOf: of,
      dedupWarning: (input.dedupWarning ?? undefined) as Prisma.InputJsonValue | undefined,
    },
    select: { id: true },
  });
  await tx.run.updateMany({ where: { id: run.id, organizationId: orgId }, data: { params: { draftId: draft.id, followsDraftId: m.id, step } } });
  await recordDraftEvent(tx, {
    orgId, draftId: draft.id, event: "followup_drafting_enqueued", actor: { type: "system", label: "follow-up tick" },
    details: { runId: run.id, followsDraftId: m.id, step, of },
  });
  if (input.cannotRun) {
    // Never launched: the run ends here with the words the inbox shows; Retry on the draft starts a new one.
    await commitRunTerminal(tx, { orgId, runId: run.id, status: "failed", failureReason: "runner_missing", error: input.cannotRun, params: { notStarted: true }, now: input.now });
  }
  return { draftId: draft.id, runId: run.id, token: run.token };
}
