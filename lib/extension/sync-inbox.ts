// POST /api/extension/dm-sync: store the device's liveness report, then match each polled inbox item to the sent
// draft it answers and record it through recordInboundReply (docs/conversations.md), which makes the whole thing
// idempotent on the platform-qualified message id: the same item twice, or from two devices, is stored once.
import { db } from "@/lib/db/client";
import { platformOrigins } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import type { DispatchOutcome } from "@/lib/runners/dispatch-run";
import { recordInboundReply } from "@/lib/conversations/record-inbound-reply";
import type { DmSyncBody } from "@/lib/extension/schemas";
import { normalizeComment, normalizeMessage, type NormalizedComment, type NormalizedMessage } from "@/lib/extension/normalize-sync-item";
import { findDraftForComment, findDraftForMessage } from "@/lib/extension/find-answered-draft";

export interface SyncMatch {
  itemId: string;
  type: "pm" | "comment";
  draftId: number;
  threadId: number;
  messageId: number;
  replyDraftId: number | null;
  runId: number | null;
}

export interface SyncInboxResult {
  matched: SyncMatch[];
  duplicates: number;
  unmatched: number;
  status: DmSyncBody["status"];
  lastSyncAt: string;
}

export async function syncInbox({ orgId, deviceId, body, now = new Date() }: { orgId: number; deviceId: number; body: DmSyncBody; now?: Date }): Promise<{ result: SyncInboxResult; done: Array<Promise<DispatchOutcome>> }> {
  // The report first: liveness must be recorded even when nothing matched, or when matching fails half-way.
  await db.extensionDevice.updateMany({
    where: { id: deviceId, organizationId: orgId },
    data: { lastSyncStatus: body.status, lastSyncAt: now },
  });

  const origin = platformOrigins()[0] ?? null;
  const items: Array<NormalizedMessage | NormalizedComment> = [
    ...body.items.map((i) => normalizeMessage(i, body.platform, origin)),
    ...body.comments.map((c) => normalizeComment(c, body.platform, origin)),
  ];
  const known = new Set(
    (await db.conversationMessage.findMany({
      where: { organizationId: orgId, externalId: { in: items.map((i) => i.externalId) } },
      select: { externalId: true },
    })).map((m) => m.externalId),
  );

  const result: SyncInboxResult = { matched: [], duplicates: 0, unmatched: 0, status: body.status, lastSyncAt: now.toISOString() };
  const done: Array<Promise<DispatchOutcome>> = [];
  for (const item of items) {
    if (known.has(item.externalId)) {
      result.duplicates++;
      continue;
    }
    const draftId = item.type === "pm"
      ? await findDraftForMessage({ orgId, platform: body.platform, item })
      : await findDraftForComment({ orgId, platform: body.platform, item });
    if (draftId === null) {
      result.unmatched++;
      continue;
    }
    let recorded: Awaited<ReturnType<typeof recordInboundReply>>;
    try {
      recorded = await recordInboundReply({
        orgId,
        draftId,
        message: { author: item.author, body: item.body, externalId: item.externalId, permalink: item.permalink, sentAt: item.createdAt },
        threadKind: item.type === "pm" ? "dm" : "post_comment",
        threadExternalId: item.threadExternalId,
        actor: { type: "device", id: deviceId, label: `extension device #${deviceId}` },
        now,
      });
    } catch (err) {
      // The draft moved on between matching and recording (rejected, deleted): the item answers nothing now.
      if (err instanceof AppError && (err.code === "conflict" || err.code === "not_found")) {
        result.unmatched++;
        continue;
      }
      throw err;
    }
    known.add(item.externalId);
    if (recorded.duplicate) {
      result.duplicates++;
      continue;
    }
    if (recorded.done) done.push(recorded.done);
    result.matched.push({
      itemId: item.itemId, type: item.type, draftId, threadId: recorded.threadId, messageId: recorded.messageId,
      replyDraftId: recorded.replyDraftId, runId: recorded.runId,
    });
  }
  return { result, done };
}
