// Regenerate with feedback (SPEC 1, "Regeneration with feedback"): the one helper behind the route and the CLI.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { checkTransition } from "@/lib/drafts/transitions";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { findRegeneratingRuns } from "@/lib/drafts/find-regenerating-runs";
import { createRun } from "@/lib/runs/create-run";

/**
 * Records the hint, counts the regeneration, appends a `regenerated` event and creates the draft_regeneration run
 * that the draft-regenerator playbook executes. The body itself changes only when that run finishes.
 */
export async function requestRegeneration(
  { orgId, id, hint, actor }: { orgId: number; id: number; hint?: string; actor: DraftActor },
) {
  const busy = await findRegeneratingRuns({ orgId, draftIds: [id] });
  const runId = await db.$transaction(async (tx) => {
    const draft = await tx.draft.findFirst({
      where: { id, organizationId: orgId },
      select: { id: true, state: true, kind: true, draftingRunId: true, campaignId: true, projectId: true, campaign: { select: { runner: true } } },
    });
    if (!draft) throw notFound("Draft");
    const check = checkTransition("regenerate", draft);
    if (!check.ok) throw new AppError("conflict", check.reason!, { state: draft.state });
    if (busy.has(id)) throw new AppError("conflict", "This draft is already being regenerated", { runId: busy.get(id) });

    const run = await createRun(tx, {
      orgId,
      kind: "draft_regeneration",
      runner: draft.campaign?.runner ?? "cloud",
      playbookSlug: "draft-regenerator",
      campaignId: draft.campaignId,
      projectId: draft.projectId,
      params: { draftId: id, hint: hint ?? null },
    });
    await tx.draftRegenerationHint.create({
      data: { organizationId: orgId, draftId: id, hint: hint ?? null, runId: run.id, userId: actor.type === "user" ? actor.id : null },
    });
    await tx.draft.update({ where: { id }, data: { regenerationCount: { increment: 1 } } });
    await recordDraftEvent(tx, { orgId, draftId: id, event: "regenerated", actor, details: { hint: hint ?? null, runId: run.id } });
    return run.id;
  });
  return { draft: await getDraftOrThrow({ orgId, id }), runId };
}
