// What `followup_draft_start` hands the follow-up drafter (docs/agent-tools.md): the placeholder it fills in, the
// person, every earlier message of the sequence oldest first (ours, and any out-of-office notice of theirs), the
// step with its guidance, the persona and the rubric. Everything is read within the run's organization.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { getAppConfig } from "@/lib/config/get-app-config";
import { followupStepsOf } from "@/lib/followups/followup-steps";
import { getFollowupRunParams } from "@/lib/followups/followup-run-params";

export async function getFollowupContext({ orgId, runId }: { orgId: number; runId: number }) {
  const params = await getFollowupRunParams({ orgId, runId });
  const draft = await db.draft.findFirst({
    where: { id: params.draftId, organizationId: orgId },
    select: {
      id: true, version: true, kind: true, state: true, draftingRunId: true, followsDraftId: true, followupStep: true, followupOf: true,
      platform: true, targetUser: true, targetCommunity: true, targetUrl: true, accountHandle: true,
      account: { select: { id: true, platformId: true, displayName: true } },
      campaign: { select: { name: true, config: true } },
    },
  });
  if (!draft) throw notFound("Follow-up draft");
  // A retry hands the placeholder to a newer run; the older one must not work on it any more.
  if (draft.draftingRunId !== runId) throw new AppError("conflict", `Follow-up draft ${draft.id} is no longer drafted by this run`);
  if (draft.followsDraftId === null) throw new AppError("conflict", `Follow-up draft ${draft.id} has lost the message it follows`);

  const chain = await earlierMessages(orgId, draft.followsDraftId);
  const threads = await db.conversationThread.findMany({
    where: { organizationId: orgId, parentDraftId: { in: chain.map((c) => c.id) } },
    select: { messages: { where: { organizationId: orgId, direction: "inbound" }, select: { id: true, author: true, body: true, sentAt: true, intent: true } } },
  });
  const theirs = threads.flatMap((t) => t.messages).map((m) => ({
    direction: "inbound" as const, author: m.author, body: m.body, sentAt: m.sentAt.toISOString(), intent: m.intent,
  }));
  const ours = chain.map((c) => ({
    direction: "outbound" as const, author: c.accountHandle, body: c.body, sentAt: c.sentAt?.toISOString() ?? null,
    draftId: c.id, kind: c.kind, step: c.followupStep ?? 0,
  }));
  const messages = [...ours, ...theirs].sort((a, b) => (a.sentAt ?? "").localeCompare(b.sentAt ?? ""));

  const step = draft.followupStep ?? params.step ?? 1;
  const steps = followupStepsOf(draft.campaign?.config);
  const { quality_rubric } = await getAppConfig({ orgId });
  return {
    followupDraft: { id: draft.id, version: draft.version, kind: draft.kind, step, of: draft.followupOf ?? steps.length },
    person: { handle: draft.targetUser, community: draft.targetCommunity, url: draft.targetUrl },
    messages,
    step: { number: step, of: draft.followupOf ?? steps.length, afterDays: steps[step - 1]?.afterDays ?? null, guidance: steps[step - 1]?.guidance ?? null },
    campaign: draft.campaign ? { name: draft.campaign.name } : null,
    platform: draft.platform,
    persona: { accountId: draft.account?.id ?? null, handle: draft.account?.platformId ?? draft.accountHandle, displayName: draft.account?.displayName ?? null },
    qualityRubric: quality_rubric,
  };
}

/** The followed message and the ones before it, oldest first. */
async function earlierMessages(orgId: number, lastId: number) {
  const chain: Array<{ id: number; kind: string; body: string; sentAt: Date | null; accountHandle: string; followupStep: number | null }> = [];
  let next: number | null = lastId;
  while (next !== null && chain.length < 8) {
    const m: { id: number; kind: string; body: string; sentAt: Date | null; accountHandle: string; followupStep: number | null; followsDraftId: number | null } | null =
      await db.draft.findFirst({
        where: { id: next, organizationId: orgId },
        select: { id: true, kind: true, body: true, sentAt: true, accountHandle: true, followupStep: true, followsDraftId: true },
      });
    if (!m) break;
    chain.unshift(m);
    next = m.followsDraftId;
  }
  if (chain.length === 0) throw notFound("The message this follow-up follows");
  return chain;
}
