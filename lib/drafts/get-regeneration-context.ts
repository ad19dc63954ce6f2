// What `draft_regen_start` hands the draft-regenerator: the one draft its run is bound to (runs.params.draftId),
// who it is for, the reviewer's hint, the platform and the persona (the account it is sent from), plus the rubric
// the new body is scored against.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { getAppConfig } from "@/lib/config/get-app-config";

/** The draft a draft_regeneration run is bound to; the agent never names it. */
export async function regenerationDraftId({ orgId, runId }: { orgId: number; runId: number }): Promise<number> {
  const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { params: true } });
  const draftId = (run?.params as { draftId?: unknown } | null)?.draftId;
  if (typeof draftId !== "number") throw new AppError("conflict", "This run is not bound to a draft");
  return draftId;
}

export async function getRegenerationContext({ orgId, runId }: { orgId: number; runId: number }) {
  const draftId = await regenerationDraftId({ orgId, runId });
  const draft = await db.draft.findFirst({
    where: { id: draftId, organizationId: orgId },
    select: {
      id: true, version: true, kind: true, state: true, title: true, body: true, regenerationCount: true, platform: true,
      targetUser: true, targetCommunity: true, targetUrl: true,
      account: { select: { id: true, platformId: true, displayName: true } }, accountHandle: true,
      regenHints: { orderBy: { createdAt: "asc" }, select: { hint: true, runId: true, createdAt: true } },
    },
  });
  if (!draft) throw notFound("Draft");
  const own = draft.regenHints.find((h) => h.runId === runId);
  const { quality_rubric } = await getAppConfig({ orgId });
  return {
    draft: { id: draft.id, version: draft.version, kind: draft.kind, state: draft.state, title: draft.title, body: draft.body, regenerationCount: draft.regenerationCount },
    target: { user: draft.targetUser, community: draft.targetCommunity, url: draft.targetUrl },
    hint: own?.hint ?? null,
    earlierHints: draft.regenHints.filter((h) => h.runId !== runId && h.hint).map((h) => ({ hint: h.hint, at: h.createdAt })),
    platform: draft.platform,
    persona: { accountId: draft.account?.id ?? null, handle: draft.account?.platformId ?? draft.accountHandle, displayName: draft.account?.displayName ?? null },
    qualityRubric: quality_rubric,
  };
}
