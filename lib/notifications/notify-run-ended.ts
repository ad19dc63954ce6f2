// The notifications of a run's end (SPEC 6): `run.success` or `run.failed`, and for a campaign run that drafted
// something, one `drafts.created` for all its drafts ("N drafts"), coalesced over however many drafts_create calls
// the run made. Written in the transaction that commits the run's terminal state. A run the person cancelled is not
// announced back to them.
//
// What needs a person is unread: a failure, drafts waiting. A success is written already read, and a success that
// drafted is shown inside its "N drafts waiting" (grouped into it), so six runs make six items to act on, not twelve.
// Every kind is still written and delivered to webhooks as before.
import type { Tx } from "@/lib/db/client";
import { isCloudEdition } from "@/lib/edition/edition";
import { createNotification } from "@/lib/notifications/create-notification";
import { failureLabel } from "@/lib/format/failure-labels";
import type { RunFailureReason } from "@/lib/runs/commit-run-terminal";
import { describeRunOutcome } from "@/lib/runs/describe-run-outcome";
import { explainRunFailure } from "@/lib/runs/explain-run-failure";

const KIND_NAMES: Record<string, string> = {
  campaign: "Run",
  campaign_skill_generation: "Profile generation",
  project_extraction: "Project extraction",
  reply_drafting: "Reply drafting",
  followup_drafting: "Follow-up drafting",
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
    select: { kind: true, runner: true, campaignId: true, projectId: true, campaign: { select: { name: true } }, project: { select: { name: true } } },
  });
  if (!run) return;
  const what = KIND_NAMES[run.kind] ?? "Run";
  const of = run.campaign?.name ?? run.project?.name;
  const subject = `${what}${of ? ` of ${of}` : ""}`;
  const base = { runId, campaignId: run.campaignId, projectId: run.projectId };
  // A follow-up is a new draft to review, like a campaign run's (docs/sequences.md); a reply continues a thread the
  // bell already announced.
  const drafts = run.kind === "campaign" || run.kind === "followup_drafting" ? await tx.draft.findMany({ where: { organizationId: orgId, runId }, select: { id: true }, orderBy: { id: "asc" } }) : [];

  if (status === "failed") {
    const reason = failureReason ?? "unknown";
    const { summary } = explainRunFailure({ failureReason: reason, runner: run.runner, projectId: run.projectId, campaignId: run.campaignId });
    await createNotification(tx, {
      orgId,
      kind: "run.failed",
      title: `${subject} stopped: ${failureLabel(reason)}`,
      // A cloud customer reads the explanation, not the agent's raw error (protocol words, the service's paths); on a
      // self-hosted install the reader is the operator, and the error says exactly what to fix.
      body: isCloudEdition() || !error ? summary : error.slice(0, 300),
      data: { ...base, failureReason: reason },
      now,
    });
  }
  const success =
    status === "success"
      ? await createNotification(tx, {
          orgId,
          kind: "run.success",
          title: `${of ? `${of}: ` : ""}${describeRunOutcome({ kind: run.kind, status, failureReason: null, draftCount: drafts.length })}`,
          data: base,
          now,
          read: true,
        })
      : null;
  if (drafts.length === 0) return;
  const waiting = await createNotification(tx, {
    orgId,
    kind: "drafts.created",
    title: `${drafts.length} ${drafts.length === 1 ? "draft" : "drafts"} waiting for review${of ? ` from ${of}` : ""}`,
    data: { ...base, count: drafts.length, draftIds: drafts.map((d) => d.id) },
    now,
  });
  if (success) await tx.notification.updateMany({ where: { id: success.id, organizationId: orgId }, data: { groupedIntoId: waiting.id } });
}
