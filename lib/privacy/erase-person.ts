// Erase everything the organization holds about one person, at their request (docs/privacy.md "Erase"). One
// transaction across the organization's projects: their messages, the drafts written to them (any state, with their
// events and regeneration hints), the threads, their contact-history row, research candidates and blocklist entries
// naming them; then their handle and words are scrubbed from every other row (lib/privacy/scrub-person-traces.ts).
//
// What stays: a suppression (a keyed hash of platform and handle, lib/privacy/subject-hash.ts) so the agent can never
// draft to them again and a send to them is held; an audit entry (who, when, counts; nothing about the person); the
// outcome numbers (lib/outcomes/carry-erased-outcomes.ts); and a `contact.erased` notification and webhook.
//
// A replay (the person is suppressed already and nothing about them is held) changes nothing and answers the first
// erasure's entry, so a double click or a retried request never writes a second audit entry or webhook.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { publish } from "@/lib/events/bus";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import { createNotification } from "@/lib/notifications/create-notification";
import { beginOutcomeCarry } from "@/lib/outcomes/carry-erased-outcomes";
import { findPersonRows } from "@/lib/privacy/find-person-rows";
import { scrubPersonTraces } from "@/lib/privacy/scrub-person-traces";
import { subjectHash } from "@/lib/privacy/subject-hash";

export interface ErasureCounts {
  drafts: number;
  draftEvents: number;
  threads: number;
  messages: number;
  contacts: number;
  researchCandidates: number;
  blocklistEntries: number;
  /** Notifications about them (their reply, a draft to them) and webhook deliveries carrying those. */
  notifications: number;
  webhookDeliveries: number;
  /** Rows about something else that mentioned the person, now with "[erased]" in their place. */
  otherRowsScrubbed: number;
}

export interface ErasureResult {
  erasureId: number;
  /** True when this request repeated an erasure already done: nothing changed. */
  replayed: boolean;
  erasedAt: string;
  counts: ErasureCounts;
}

export interface ErasePersonInput {
  orgId: number;
  platform: string;
  handle: string;
  /** The handle typed again by the person confirming. */
  confirm: string;
  actor: { userId: number | null; label: string };
  now?: Date;
}

export async function erasePerson({ orgId, platform, handle, confirm, actor, now = new Date() }: ErasePersonInput): Promise<ErasureResult> {
  const h = canonicalHandle(handle);
  if (canonicalHandle(confirm) !== h) {
    throw new AppError("bad_request", "Type the person's handle exactly to confirm the erasure; it cannot be undone", { field: "confirm" });
  }
  const hash = subjectHash(platform, h);
  return db.$transaction(
    async (tx) => {
      // Two erasures of one person (two tabs, two instances) take turns; the second is then a replay.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`erase:${orgId}:${hash}`}))`;
      const rows = await findPersonRows(tx, { orgId, platform, handle: h });
      const existing = await tx.suppression.findUnique({
        where: { organizationId_subjectHash: { organizationId: orgId, subjectHash: hash } },
        select: { id: true, erasures: { orderBy: { id: "desc" }, take: 1, select: { id: true, createdAt: true } } },
      });
      const nothingHeld = Object.values(rows).every((v) => !Array.isArray(v) || v.length === 0);
      if (existing && nothingHeld && existing.erasures[0]) {
        return { erasureId: existing.erasures[0].id, replayed: true, erasedAt: existing.erasures[0].createdAt.toISOString(), counts: zeroCounts() };
      }

      // The words to look for elsewhere: what they wrote and what was written to them (every version of it).
      const messages = await tx.conversationMessage.findMany({ where: { organizationId: orgId, id: { in: rows.messageIds } }, select: { body: true, threadId: true } });
      const drafts = await tx.draft.findMany({ where: { organizationId: orgId, id: { in: rows.draftIds } }, select: { body: true, previousBody: true, title: true } });
      const priorBodies = await tx.$queryRaw<{ body: string | null }[]>`
        SELECT details->>'previousBody' AS body FROM draft_events WHERE organization_id = ${orgId} AND draft_id = ANY(${rows.draftIds}::int[])`;
      const texts = [
        ...messages.map((m) => m.body),
        ...drafts.flatMap((d) => [d.body, d.previousBody ?? "", d.title ?? ""]),
        ...priorBodies.map((b) => b.body ?? ""),
      ];

      const carry = await beginOutcomeCarry(tx, { orgId, draftIds: rows.draftIds });
      const draftEvents = await tx.draftEvent.count({ where: { organizationId: orgId, draftId: { in: rows.draftIds } } });
      // Threads whose other side is someone else but that hold a message of this person: their counts are redone.
      const otherThreads = [...new Set(messages.map((m) => m.threadId))].filter((id) => !rows.threadIds.includes(id));

      const deletedMessages = await tx.conversationMessage.deleteMany({ where: { organizationId: orgId, id: { in: rows.messageIds } } });
      const deletedThreads = await tx.conversationThread.deleteMany({ where: { organizationId: orgId, id: { in: rows.threadIds } } });
      // Events, hints and automatic posts of the drafts go with them (ON DELETE CASCADE); the sends they used stay
      // counted against the account's sending limits, without the draft.
      await tx.accountSend.updateMany({ where: { organizationId: orgId, draftId: { in: rows.draftIds } }, data: { draftId: null } });
      const deletedDrafts = await tx.draft.deleteMany({ where: { organizationId: orgId, id: { in: rows.draftIds } } });
      const deletedContacts = await tx.contactHistory.deleteMany({ where: { organizationId: orgId, id: { in: rows.contactIds } } });
      const deletedCandidates = await tx.stagingCandidate.deleteMany({ where: { organizationId: orgId, id: { in: rows.candidateIds } } });
      const deletedBlocks = await tx.blocklistEntry.deleteMany({ where: { organizationId: orgId, id: { in: rows.blocklistIds } } });
      // Notifications about them (their reply, a draft to them) and the webhook deliveries carrying those or a
      // decision on a draft to them go whole: an excerpt of their words is not worth keeping with a hole in it.
      const notifications = await tx.$queryRaw<{ id: number }[]>`
        DELETE FROM notifications WHERE organization_id = ${orgId} AND (
          (payload->>'threadId') = ANY(${rows.threadIds.map(String)}::text[]) OR (payload->>'draftId') = ANY(${rows.draftIds.map(String)}::text[])
          OR (payload->>'replyDraftId') = ANY(${rows.draftIds.map(String)}::text[]) OR (payload->>'messageId') = ANY(${rows.messageIds.map(String)}::text[]))
        RETURNING id`;
      const deliveries = await tx.$executeRaw`
        DELETE FROM webhook_deliveries WHERE organization_id = ${orgId} AND (
          notification_id = ANY(${notifications.map((n) => n.id)}::int[])
          OR (notification_id IS NULL AND (payload->'data'->>'draftId') = ANY(${rows.draftIds.map(String)}::text[])))`;
      if (otherThreads.length > 0) {
        await tx.$executeRaw`
          UPDATE conversation_threads t SET message_count = (SELECT count(*) FROM conversation_messages m WHERE m.thread_id = t.id AND m.organization_id = t.organization_id)::int
           WHERE t.organization_id = ${orgId} AND t.id = ANY(${otherThreads}::int[])`;
      }
      await carry.finish();
      const otherRowsScrubbed = await scrubPersonTraces(tx, { orgId, handle: h, texts });

      const suppression = existing ?? (await tx.suppression.create({ data: { organizationId: orgId, subjectHash: hash, createdAt: now }, select: { id: true } }));
      const counts: ErasureCounts = {
        drafts: deletedDrafts.count, draftEvents, threads: deletedThreads.count, messages: deletedMessages.count, contacts: deletedContacts.count,
        researchCandidates: deletedCandidates.count, blocklistEntries: deletedBlocks.count, notifications: notifications.length,
        webhookDeliveries: deliveries, otherRowsScrubbed,
      };
      const erasure = await tx.personErasure.create({
        data: { organizationId: orgId, suppressionId: suppression.id, actorId: actor.userId, actorLabel: actor.label, counts: { ...counts }, createdAt: now },
        select: { id: true },
      });
      await createNotification(tx, {
        orgId,
        kind: "contact.erased",
        title: "A person's data was erased",
        body: `${actor.label} erased ${counts.drafts} ${counts.drafts === 1 ? "draft" : "drafts"} and ${counts.messages} ${counts.messages === 1 ? "message" : "messages"} at the person's request`,
        data: { erasureId: erasure.id, platform, erased: { ...counts } },
        now,
        read: true,
      });
      if (rows.draftIds.length > 0) await publish({ o: orgId, t: "drafts:changed", ids: rows.draftIds }, tx);
      return { erasureId: erasure.id, replayed: false, erasedAt: now.toISOString(), counts };
    },
    // A person with years of history across a large organization: the scan of every text column takes a while.
    { timeout: 120_000, maxWait: 10_000 },
  );
}

function zeroCounts(): ErasureCounts {
  return { drafts: 0, draftEvents: 0, threads: 0, messages: 0, contacts: 0, researchCandidates: 0, blocklistEntries: 0, notifications: 0, webhookDeliveries: 0, otherRowsScrubbed: 0 };
}
