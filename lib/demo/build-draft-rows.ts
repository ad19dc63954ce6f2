// Demo load step: every draft's row, its event history and its regeneration hints.
// Pure: the loader writes the rows in the order their references allow (lib/demo/load.ts).
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { QUALITY_MODEL } from "@/lib/demo/drafts/draft-spec";
import { DRAFTS } from "@/lib/demo/drafts/all-drafts";
import { CAPTURE_DELAY_MS, HOUR, must, type Actor, type DemoPlan } from "@/lib/demo/demo-plan";
import type { FilledRuns } from "@/lib/demo/fill-runs";
import { THREADS } from "@/lib/demo/threads";

interface PlannedEvent extends Actor {
  event: string;
  at: Date;
  details: Prisma.InputJsonValue;
}

export interface DraftRows {
  /** Outreach drafts: written before the threads that point at them. */
  outreach: Prisma.DraftCreateManyInput[];
  /** Reply drafts: written after the conversation messages they answer. */
  replies: Prisma.DraftCreateManyInput[];
  events: Prisma.DraftEventCreateManyInput[];
  hints: Prisma.DraftRegenerationHintCreateManyInput[];
  sentAt: Map<string, Date | null>;
}

export function buildDraftRows(plan: DemoPlan, runs: Pick<FilledRuns, "runTimes" | "draftsCreatedAt">): DraftRows {
  const { orgId, ago, reviewer, extension, system, runSpec, draftSpec, threadSpec, draftId, messageId } = plan;
  const variantGroups = new Map<string, string>();
  const draftRows: Prisma.DraftCreateManyInput[] = [];
  const eventRows: Prisma.DraftEventCreateManyInput[] = [];
  const hintRows: Prisma.DraftRegenerationHintCreateManyInput[] = [];
  const sentAtOf = new Map<string, Date | null>();

  for (const d of DRAFTS) {
    const id = draftId.get(d.key)!;
    const run = runSpec.get(d.run)!;
    const rid = plan.runId.get(d.run)!;
    const platform = plan.platformOfDraft(d);
    const account = plan.accountOf(d);
    const runActor: Actor = { actorType: "run", actorId: rid, actorLabel: `run #${rid}` };
    const thread = d.replyTo ? threadSpec.get(d.replyTo.thread)! : null;
    const parentMsgId = thread ? messageId.get(`${thread.key}/${d.replyTo!.message}`)! : null;

    // A reply's placeholder is created by the sync that captured the message it answers.
    const createdAt = thread
      ? new Date(plan.messageAt(thread, d.replyTo!.message).getTime() + CAPTURE_DELAY_MS + 1_000)
      : must(runs.draftsCreatedAt.get(d.key), `creation time of ${d.key}`);
    const events: PlannedEvent[] = [];
    const push = (event: string, actor: Actor, at: Date, details: Record<string, unknown> = {}) =>
      events.push({ event, ...actor, at, details: details as Prisma.InputJsonValue });

    if (thread) {
      push("created", system, createdAt, { kind: d.kind, parentMessageId: parentMsgId, placeholder: true });
      push("reply_drafting_enqueued", system, new Date(createdAt.getTime() + 1_000), { runId: rid });
      const finished = runs.runTimes.get(d.run)!.end;
      if (finished) push("reply_drafted", runActor, finished, { qualityScore: d.quality?.[0] ?? null });
    } else {
      const variant = d.variant ? { variantLabel: d.variant.label } : {};
      push("created", runActor, createdAt, { kind: d.kind, state: d.state === "proposed" ? "proposed" : "pending_review", ...variant });
    }
    if (d.edited) push("body_edited", reviewer, ago(d.edited.atH), { previousBody: d.edited.previousBody });
    for (const g of d.regenerations ?? []) {
      push("regenerated", reviewer, ago(g.atH), { hint: g.hint });
      hintRows.push({ organizationId: orgId, draftId: id, hint: g.hint, userId: reviewer.actorId, createdAt: ago(g.atH) });
    }
    if (d.state === "rejected") push("rejected", reviewer, ago(d.reviewH!), { reason: d.rejectReason ?? "" });
    if (["approved", "armed", "sent", "replied"].includes(d.state) && d.reviewH !== undefined) {
      push("approved", reviewer, ago(d.reviewH));
      if (d.scheduledInH) push("rescheduled", reviewer, new Date(ago(d.reviewH).getTime() + 30_000), { sendAfter: new Date(plan.now.getTime() + d.scheduledInH * HOUR).toISOString() });
    }
    if (d.armedH !== undefined) push("armed", extension, ago(d.armedH));
    if (d.sentH !== undefined) {
      const viaExtension = platform === "forum";
      push("sent", viaExtension ? extension : reviewer, ago(d.sentH), { via: viaExtension ? "extension" : "manual" });
    }
    if (d.repliedH !== undefined) {
      const t = THREADS.find((x) => x.parentDraft === d.key)!;
      const firstIn = t.messages.findIndex((m) => m.dir === "in");
      push("replied", extension, ago(d.repliedH), { threadId: plan.threadId.get(t.key), messageId: messageId.get(`${t.key}/${firstIn}`), author: d.targetUser });
    }
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (let i = 1; i < events.length; i++) {
      if (events[i].at < events[0].at) throw new Error(`Demo draft ${d.key}: event ${events[i].event} precedes its creation`);
    }
    for (const e of events) {
      eventRows.push({
        organizationId: orgId, draftId: id, event: e.event, actorType: e.actorType, actorId: e.actorId, actorLabel: e.actorLabel,
        details: e.details, createdAt: e.at,
      });
    }

    let dedupWarning: Prisma.InputJsonValue | undefined;
    if (d.dedupOf) {
      const earlier = draftSpec.get(d.dedupOf)!;
      dedupWarning = { lastContactedAt: ago(earlier.sentH!).toISOString(), draftId: draftId.get(earlier.key)! };
    }
    let variantGroupId: string | null = null;
    if (d.variant) {
      if (!variantGroups.has(d.variant.group)) variantGroups.set(d.variant.group, randomUUID());
      variantGroupId = variantGroups.get(d.variant.group)!;
    }
    const regenerations = d.regenerations ?? [];
    const sentAt = d.sentH !== undefined ? ago(d.sentH) : null;
    sentAtOf.set(d.key, sentAt);
    draftRows.push({
      id, organizationId: orgId, version: events.length, state: d.state, kind: d.kind, platform,
      projectId: plan.projectId.get(run.project)!, accountId: account.id, accountHandle: account.handle,
      targetUser: d.targetUser, targetCommunity: d.targetCommunity, targetUrl: d.targetUrl ?? (thread ? draftSpec.get(thread.parentDraft)!.targetUrl ?? null : null),
      title: d.title ?? null, campaignId: thread ? null : plan.campaignId.get(run.campaign!)!, runId: d.placeholder ? null : rid,
      body: d.body, previousBody: regenerations.length ? regenerations[regenerations.length - 1].previousBody : null,
      bodyEdited: d.edited !== undefined, dedupWarning,
      scheduledSendAfter: d.scheduledInH ? new Date(plan.now.getTime() + d.scheduledInH * HOUR) : null,
      qualityScore: d.quality?.[0] ?? null, qualityReason: d.quality?.[1] ?? null, qualityModel: d.quality ? QUALITY_MODEL : null,
      regenerationCount: regenerations.length, variantGroupId, variantLabel: d.variant?.label ?? null,
      parentMessageId: parentMsgId, draftingRunId: d.placeholder ? rid : null,
      sentAt, repliedAt: d.repliedH !== undefined ? ago(d.repliedH) : null,
      createdAt, updatedAt: events[events.length - 1].at,
    });
  }

  // Reply drafts point at conversation messages, which point at threads, which point at their parent drafts.
  const isReply = (row: Prisma.DraftCreateManyInput) => row.parentMessageId != null;
  return { outreach: draftRows.filter((r) => !isReply(r)), replies: draftRows.filter(isReply), events: eventRows, hints: hintRows, sentAt: sentAtOf };
}
