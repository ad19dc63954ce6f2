// Regenerate with feedback (SPEC 1, "Regeneration with feedback"): the one helper behind the route and the CLI.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { checkTransition } from "@/lib/drafts/transitions";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { createRun } from "@/lib/runs/create-run";
import { launchRun } from "@/lib/runs/launch-run";
import { resolveRunner } from "@/lib/runs/resolve-runner";
import { assertRunnerAvailable } from "@/lib/runners/assert-runner-available";

/**
 * Records the hint, counts the regeneration, appends a `regenerated` event and creates the draft_regeneration run
 * that the draft-regenerator playbook executes, then starts it. The body itself changes only when that run finishes
 * (draft_regen_finish). The runner is the draft's campaign's; an unavailable runner is refused before anything is
 * recorded.
 */
export async function requestRegeneration(
  { orgId, id, hint, actor }: { orgId: number; id: number; hint?: string; actor: DraftActor },
) {
  const owner = await db.draft.findFirst({ where: { id, organizationId: orgId }, select: { campaignId: true, projectId: true } });
  if (!owner) throw notFound("Draft");
  const runner = await resolveRunner({ orgId, campaignId: owner.campaignId, projectId: owner.projectId });
  await assertRunnerAvailable(runner, { orgId });

  const run = await db.$transaction(async (tx) => {
    // Lock the draft so two requests at once cannot both start a run.
    await tx.$queryRaw`SELECT id FROM drafts WHERE id = ${id} AND organization_id = ${orgId} FOR UPDATE`;
    const draft = await tx.draft.findFirst({
      where: { id, organizationId: orgId },
      select: { id: true, state: true, kind: true, draftingRunId: true, campaignId: true, projectId: true },
    });
    if (!draft) throw notFound("Draft");
    const check = checkTransition("regenerate", draft);
    if (!check.ok) throw new AppError("conflict", check.reason!, { state: draft.state });
    const busy = await tx.run.findFirst({
      where: { organizationId: orgId, status: "running", kind: "draft_regeneration", params: { path: ["draftId"], equals: id } },
      select: { id: true },
    });
    if (busy) throw new AppError("conflict", "This draft is already being regenerated", { runId: busy.id });

    const run = await createRun(tx, {
      orgId,
      kind: "draft_regeneration",
      runner,
      playbookSlug: "draft-regenerator",
      campaignId: draft.campaignId,
      projectId: draft.projectId,
      params: { draftId: id, hint: hint ?? null },
    });
    await tx.draftRegenerationHint.create({
      data: { organizationId: orgId, draftId: id, hint: hint ?? null, runId: run.id, userId: actor.type === "user" ? actor.id : null },
    });
    await tx.draft.updateMany({ where: { id, organizationId: orgId }, data: { regenerationCount: { increment: 1 } } });
    await recordDraftEvent(tx, { orgId, draftId: id, event: "regenerated", actor, details: { hint: hint ?? null, runId: run.id } });
    return run;
  });
  const done = launchRun({ orgId, runId: run.id, token: run.token });
  return { draft: await getDraftOrThrow({ orgId, id }), runId: run.id, done };
}
