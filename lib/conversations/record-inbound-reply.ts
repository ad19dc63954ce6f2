// An inbound reply to one of our drafts (SPEC 3, `sent` -> `replied`; SPEC "Reply drafting"). The extension's dm-sync
// calls this per matched message; so does `outreach replies:record`. In one transaction: the message is stored on
// the draft's conversation thread (created on the first reply, opening with the body we sent), the draft flips to
// `replied`, the target's contact history says so, a `reply.received` notification is written and a continuation
// is enqueued. The platform's message id makes it idempotent: the same message twice is stored once and enqueues
// nothing the second time.
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DraftKind, ThreadKind } from "@/lib/generated/prisma/enums";
import { AppError, notFound } from "@/lib/http/errors";
import { createNotification } from "@/lib/notifications/create-notification";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { addressesPerson, canonicalHandle } from "@/lib/contacts/canonical-handle";
import { recordContact } from "@/lib/contacts/record-contact";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { chooseReplyRunner } from "@/lib/replies/choose-reply-runner";
import type { DispatchOutcome } from "@/lib/runners/dispatch-run";
import { enqueueReplyDrafting, launchReplyDrafting, type AnsweredDraft } from "@/lib/replies/enqueue-reply-drafting";
import type { InboundMessage } from "@/lib/conversations/schemas";
import { syncOutboundMessages } from "@/lib/conversations/sync-outbound-messages";
import { detectOptOut } from "@/lib/contacts/detect-opt-out";
import { markOptedOutFromReply } from "@/lib/contacts/set-contact-opt-out";
import { classifyReplyIntent } from "@/lib/replies/classify-reply-intent";
import { setReplyIntent } from "@/lib/replies/set-reply-intent";
import { stopFollowupsOnReply } from "@/lib/followups/stop-followups-on-reply";

export interface RecordInboundReplyInput {
  orgId: number;
  /** The outbound draft that was answered: an outreach draft or a reply we sent earlier in the thread. */
  draftId: number;
  message: InboundMessage;
  /** dm or post_comment; by default from the draft's kind. */
  threadKind?: ThreadKind;
  /** The platform's conversation (or comment parent) id, kept on the thread when known. */
  threadExternalId?: string | null;
  /** Who reported it: the extension device, or the CLI. */
  actor?: DraftActor;
  now?: Date;
}

export interface RecordInboundReplyResult {
  /** True when this message was already stored: nothing was written or enqueued. */
  duplicate: boolean;
  messageId: number;
  threadId: number;
  draftId: number;
  /** The placeholder continuation and its drafting run (null for a duplicate). */
  replyDraftId: number | null;
  runId: number | null;
  /** Settles when the drafting run is terminal; callers that host the agent (CLI, tests) wait on it. */
  done: Promise<DispatchOutcome> | null;
  /** The reply asked not to be contacted (or its author already had): the contact is opted out, no continuation. */
  optedOut?: boolean;
}

const SYNC_ACTOR: DraftActor = { type: "system", label: "reply sync" };

const answeredSelect = {
  id: true, kind: true, state: true, platform: true, projectId: true, accountId: true, accountHandle: true, campaignId: true,
  targetUser: true, targetCommunity: true, targetUrl: true, body: true, sentAt: true, updatedAt: true, parentMessageId: true,
} as const satisfies Prisma.DraftSelect;

export async function recordInboundReply(input: RecordInboundReplyInput): Promise<RecordInboundReplyResult> {
  const { orgId } = input;
  const known = await findStored(db, orgId, input.message.externalId);
  if (known) return { duplicate: true, ...known, draftId: input.draftId, replyDraftId: null, runId: null, done: null };

  const owner = await db.draft.findFirst({ where: { id: input.draftId, organizationId: orgId }, select: { campaignId: true, projectId: true } });
  if (!owner) throw notFound("Draft");
  // A runner that can run now: the campaign's when it is available, else another that is. When none can, the reply
  // is still recorded and its placeholder made, but its drafting run ends at once (runner_missing, with what to do)
  // instead of being started on a runner that cannot start; the reviewer presses Retry once a runner is ready.
  const choice = await chooseReplyRunner({ orgId, campaignId: owner.campaignId, projectId: owner.projectId });

  let outcome: Awaited<ReturnType<typeof recordInTx>>;
  try {
    outcome = await db.$transaction((tx) => recordInTx(tx, input, choice.runner, choice.cannotRun));
  } catch (err) {
    // The same message reported twice at the same moment: one transaction wins the unique (organization,
    // external_id), the other lands here and answers the stored message like any duplicate.
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
    const stored = await findStored(db, orgId, input.message.externalId);
    if (!stored) throw err;
    return { duplicate: true, ...stored, draftId: input.draftId, replyDraftId: null, runId: null, done: null };
  }
  if (outcome.duplicate) return { ...outcome, replyDraftId: null, runId: null, done: null };
  if (outcome.optedOut) return { ...outcome, replyDraftId: null, runId: null, done: null };
  const { token, ...rest } = outcome;
  if (choice.cannotRun) return { ...rest, done: Promise.resolve({ status: "failed", failureReason: "runner_missing" }) };
  return { ...rest, done: launchReplyDrafting({ orgId, runId: rest.runId, token }) };
}

async function recordInTx(tx: Tx, input: RecordInboundReplyInput, runner: string, cannotRun: string | null) {
  const { orgId, draftId, message } = input;
  const actor = input.actor ?? SYNC_ACTOR;
  const now = input.now ?? new Date();
  // One reply at a time per answered draft, so two messages arriving together cannot both create its thread.
  await tx.$queryRaw`SELECT id FROM drafts WHERE id = ${draftId} AND organization_id = ${orgId} FOR UPDATE`;
  const draft = await tx.draft.findFirst({ where: { id: draftId, organizationId: orgId }, select: answeredSelect });
  if (!draft) throw notFound("Draft");

  const stored = await findStored(tx, orgId, message.externalId);
  if (stored) return { duplicate: true as const, ...stored, draftId };
  if (draft.state !== "sent" && draft.state !== "replied") {
    throw new AppError("conflict", `Draft ${draftId} is ${draft.state}; only a sent draft can receive a reply`, { state: draft.state });
  }

  const thread = await findOrCreateThread(tx, input, draft);
  // Our own messages in the thread (the opening draft, replies sent since) are recorded before theirs, so the
  // thread reads in order.
  await syncOutboundMessages(tx, { orgId, threadId: thread.id });
  const inbound = await tx.conversationMessage.create({
    data: {
      organizationId: orgId,
      threadId: thread.id,
      direction: "inbound",
      author: message.author,
      body: message.body,
      externalId: message.externalId,
      permalink: message.permalink ?? null,
      sentAt: message.sentAt,
      answeredDraftId: draftId,
    },
    select: { id: true },
  });
  await refreshThreadCounters(tx, orgId, thread.id, input.threadExternalId ?? null);
  // The rule pass sorts the reply at once (docs/conversations.md "Reply intent"); the drafting run may read it better.
  const judged = classifyReplyIntent(message.body);
  await setReplyIntent(tx, { orgId, messageId: inbound.id, judgement: judged, source: "rules", actor });
  const intent = { intent: judged.intent, intentConfidence: judged.confidence, intentReason: judged.reason };

  // A draft already `replied` stays so; each new message still gets its own continuation.
  if (draft.state === "sent") {
    await changeDraft(tx, {
      orgId, id: draftId, actor, action: "reply", event: "replied",
      data: () => ({ repliedAt: now }),
      details: () => ({ threadId: thread.id, messageId: inbound.id, author: message.author }),
    });
  }
  if (addressesPerson(draft.kind)) await markContactReplied(tx, orgId, draft, now);
  // The replier's follow-ups stop on every thread with them, an out-of-office notice only moves them (docs/sequences.md).
  // The replier, not the draft's target: under a comment or a post, someone else may be the one answering.
  await stopFollowupsOnReply(tx, {
    orgId, platform: draft.platform, person: message.author, intent: judged.intent, body: message.body, sentAt: message.sentAt, now, actor,
  });

  // A reply that asks not to be contacted (or any reply from someone who already asked) gets no continuation: the
  // contact is opted out, and the bell says so instead (docs/sending-limits.md "Opt-outs").
  const optOut = detectOptOut(message.body);
  if (optOut) {
    await markOptedOutFromReply(tx, {
      orgId, platform: draft.platform, targetUser: message.author, accountHandle: draft.accountHandle, projectId: draft.projectId,
      draftId, phrase: optOut.phrase, at: now, contactedAt: draft.sentAt ?? now,
    });
  }
  const optedOut = optOut !== null || (await tx.contactHistory.count({
    where: { organizationId: orgId, platform: draft.platform, targetUser: canonicalHandle(message.author), optedOutAt: { not: null } },
  })) > 0;
  if (optedOut) {
    await createNotification(tx, {
      orgId,
      kind: "reply.received",
      title: `${message.author} asked not to be contacted`,
      body: `${excerpt(message.body)} (no reply will be drafted; undo on the People page)`,
      data: { draftId, threadId: thread.id, messageId: inbound.id, platform: draft.platform, author: message.author, optedOut: true, ...intent, intent: "opt_out" },
    });
    return { duplicate: false as const, optedOut: true as const, messageId: inbound.id, threadId: thread.id, draftId };
  }

  const enqueued = await enqueueReplyDrafting(tx, {
    orgId,
    parentDraft: draft as AnsweredDraft,
    message: { id: inbound.id, author: message.author, permalink: message.permalink ?? null },
    runner,
    actor,
  });
  if (cannotRun) {
    // Never launched: the run ends here, in the reply's transaction, with the words the thread and the bell show.
    await commitRunTerminal(tx, { orgId, runId: enqueued.runId, status: "failed", failureReason: "runner_missing", error: cannotRun, params: { notStarted: true }, now });
  }
  await createNotification(tx, {
    orgId,
    kind: "reply.received",
    title: `${message.author} replied`,
    body: excerpt(message.body),
    data: {
      draftId, threadId: thread.id, messageId: inbound.id, replyDraftId: enqueued.draftId, runId: enqueued.runId,
      platform: draft.platform, author: message.author, ...intent,
    },
  });
  return {
    duplicate: false as const, optedOut: false as const, messageId: inbound.id, threadId: thread.id, draftId,
    replyDraftId: enqueued.draftId, runId: enqueued.runId, token: enqueued.token,
  };
}

async function findStored(client: Tx | typeof db, orgId: number, externalId: string) {
  const m = await client.conversationMessage.findFirst({
    where: { organizationId: orgId, externalId },
    select: { id: true, threadId: true },
  });
  return m ? { messageId: m.id, threadId: m.threadId } : null;
}

type Answered = Prisma.DraftGetPayload<{ select: typeof answeredSelect }>;

/**
 * The thread a reply belongs to: for a reply we sent, the thread of the message it answered; for an outreach
 * draft, its own thread, created on the first reply.
 */
async function findOrCreateThread(tx: Tx, input: RecordInboundReplyInput, draft: Answered) {
  const { orgId } = input;
  if (draft.parentMessageId !== null) {
    const parent = await tx.conversationMessage.findFirst({
      where: { id: draft.parentMessageId, organizationId: orgId },
      select: { thread: { select: { id: true } } },
    });
    if (parent) return parent.thread;
  }
  const existing = await tx.conversationThread.findFirst({ where: { organizationId: orgId, parentDraftId: draft.id }, select: { id: true } });
  if (existing) return existing;
  return tx.conversationThread.create({
    data: {
      organizationId: orgId,
      platform: draft.platform,
      accountHandle: draft.accountHandle,
      targetUser: draft.kind === "post" ? input.message.author : draft.targetUser,
      kind: input.threadKind ?? threadKindOf(draft.kind),
      parentDraftId: draft.id,
      externalId: input.threadExternalId ?? null,
      lastMessageAt: draft.sentAt ?? draft.updatedAt,
      messageCount: 0,
    },
    select: { id: true },
  });
}

function threadKindOf(kind: DraftKind): ThreadKind {
  return kind === "dm" || kind === "reply_dm" || kind === "followup_dm" ? "dm" : "post_comment";
}

/** message_count and last_message_at are kept from the messages themselves, so they cannot drift. */
async function refreshThreadCounters(tx: Tx, orgId: number, threadId: number, externalId: string | null) {
  const agg = await tx.conversationMessage.aggregate({
    where: { organizationId: orgId, threadId },
    _count: { _all: true },
    _max: { sentAt: true },
  });
  await tx.conversationThread.updateMany({
    where: { id: threadId, organizationId: orgId },
    data: {
      messageCount: agg._count._all,
      ...(agg._max.sentAt ? { lastMessageAt: agg._max.sentAt } : {}),
    },
  });
  // The platform's conversation id is learnt from the first sync that reports it.
  if (externalId) {
    await tx.conversationThread.updateMany({ where: { id: threadId, organizationId: orgId, externalId: null }, data: { externalId } });
  }
}

/**
 * The target's contact-history row records that they answered. A reply is them contacting us, so the dates of our
 * contact stay as they were; a row missing for an older send is created from the draft's send time.
 */
async function markContactReplied(tx: Tx, orgId: number, draft: Answered, now: Date) {
  const targetUser = canonicalHandle(draft.targetUser);
  const { count } = await tx.contactHistory.updateMany({
    where: { organizationId: orgId, platform: draft.platform, targetUser },
    data: { outcome: "replied" },
  });
  if (count > 0) return;
  await recordContact(tx, {
    orgId, platform: draft.platform, targetUser: draft.targetUser, accountHandle: draft.accountHandle,
    projectId: draft.projectId, draftId: draft.id, outcome: "replied", at: draft.sentAt ?? now,
  });
}

function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}
