// The notifications of a run's end (SPEC 6): `run.success` or `run.failed`, and for a campaign run that drafted
// something, one `drafts.created` for all its drafts ("N drafts"), coalesced over however many drafts_create calls
// the run made. Written in the transaction that commits the run's terminal state. A run the person cancelled is not
// announced back to them.
import type { Tx } from "@/lib/db/client";
import { createNotification } from "@/lib/notifications/create-notification";
import type { RunFailureReason } from "@/lib/runs/commit-run-terminal";

const KIND_NAMES: Record<string, string> = {
  campaign: "Run",
  campaign_skill_generation: "Profile generation",
  project_extraction: "Project extraction",
  reply_drafting: "Reply drafting",
  draft_regeneration: "Draft regeneration",
  project_insights: "Project brief",
};

export async function notifyRunEnded(
  tx: Tx,
  { orgId, runId, status, failureReason, error, now }: { orgId: number; runId: number; status: "success" | "failed"; failureReason?: RunFailureReason | null; error?: string | null; now?: Date },
): Promise<void> {
  if (failureReason === "cancelled") return;
  const run = await tx.run.findFirst({
    where: { id: runId, organizationId: orgId },
    select: { kind: true, campaignId: true, projectId: true, campaign: { select: { name: true } }, project: { select: { name: true } } },
  });
  if (!run) return;
  const what = KIND_NAMES[run.kind] ?? "Run";
  const of = run.campaign?.name ?? run.project?.name;
  const subject = `${what} #${runId}${of ? ` of ${of}` : ""}`;
  const base = { runId, campaignId: run.campaignId, projectId: run.projectId };
  if (status === "success") {
    await createNotification(tx, { orgId, kind: "run.success", title: `${subject} succeeded`, data: base, now });
  } else {
    await createNotification(tx, {
      orgId,
      kind: "run.failed",
      title: `${subject} failed${failureReason ? `: ${failureReason.replace(/_/g, " ")}` : ""}`,
      body: error ? error.slice(0, 300) : null,
      data: { ...base, failureReason: failureReason ?? "unknown" },
      now,
    });
  }
  if (run.kind !== "campaign") return;
  const drafts = await tx.draft.findMany({ where: { organizationId: orgId, runId }, select: { id: true }, orderBy: { id: "asc" } });
  if (drafts.length === 0) return;
  await createNotification(tx, {
    orgId,
    kind: "drafts.created",
    title: `${drafts.length} ${drafts.length === 1 ? "draft" : "drafts"} to review${of ? ` from ${of}` : ""}`,
    data: { ...base, count: drafts.length, draftIds: drafts.map((d) => d.id) },
    now,
  });
}
