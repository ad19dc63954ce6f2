// Demo load step: the conversation threads and their messages.
// Written as lib/conversations/record-inbound-reply.ts writes them when replies are synced. Each of their messages is
// stored when it is captured; each of ours is stored from its draft (external id `outreach-draft:<id>`, no permalink)
// when the reply after it is captured, and not before, so the thread page shows a reply we sent last once, from its
// draft.
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { outboundExternalId } from "@/lib/conversations/schemas";
import { CAPTURE_DELAY_MS, isRecorded, type DemoPlan } from "@/lib/demo/demo-plan";
import { THREADS } from "@/lib/demo/threads";

export async function fillThreads(tx: Tx, plan: DemoPlan): Promise<{ threads: number; messages: number }> {
  const { orgId, draftSpec, threadId, messageId } = plan;
  const threadRows: Prisma.ConversationThreadCreateManyInput[] = [];
  const messageRows: Prisma.ConversationMessageCreateManyInput[] = [];
  for (const t of THREADS) {
    const parent = draftSpec.get(t.parentDraft)!;
    const platform = plan.platformOfDraft(parent);
    const times = t.messages.map((_, m) => plan.messageAt(t, m));
    for (let m = 1; m < times.length; m++) {
      if (times[m] <= times[m - 1]) throw new Error(`Demo thread ${t.key}: messages out of order`);
    }
    if (t.messages[0].dir !== "out" || t.messages[0].draft !== parent.key) throw new Error(`Demo thread ${t.key}: must open with its parent draft`);
    // Every message is stored by the sync that captured the next reply of theirs (their own, for their messages).
    const capturedAt = (m: number) => {
      const reply = t.messages.findIndex((msg, i) => i >= m && msg.dir === "in");
      return new Date(times[reply].getTime() + CAPTURE_DELAY_MS);
    };

    const stored: Prisma.ConversationMessageCreateManyInput[] = [];
    t.messages.forEach((msg, m) => {
      if (!isRecorded(t, m)) return;
      const id = messageId.get(`${t.key}/${m}`)!;
      const base = { id, organizationId: orgId, threadId: threadId.get(t.key)!, sentAt: times[m], createdAt: capturedAt(m) };
      if (msg.dir === "out") {
        const draft = draftSpec.get(msg.draft)!;
        stored.push({
          ...base, direction: "outbound", author: plan.accountOf(draft).handle, body: draft.body,
          externalId: outboundExternalId(plan.draftId.get(draft.key)!), permalink: null,
        });
        return;
      }
      const author = parent.targetUser;
      let permalink: string | null = null;
      if (platform === "federated") {
        const [user, host] = author.split("@");
        permalink = `https://${host}/@${user}/113405${String(id * 7_919).padStart(12, "0")}`;
      } else if (parent.kind !== "dm") {
        permalink = `${parent.targetUrl}c${m + 1}/`;
      }
      stored.push({ ...base, direction: "inbound", author, body: msg.body, externalId: `${t.externalId}/${m + 1}`, permalink });
    });

    // The thread is created by the first captured reply; its counters are kept from the stored messages.
    threadRows.push({
      id: threadId.get(t.key)!, organizationId: orgId, platform, accountHandle: plan.accountOf(parent).handle,
      targetUser: parent.kind === "post" ? String(stored.find((s) => s.direction === "inbound")!.author) : parent.targetUser,
      kind: parent.kind === "dm" ? "dm" : "post_comment", parentDraftId: plan.draftId.get(parent.key)!, externalId: t.externalId,
      lastMessageAt: new Date(Math.max(...stored.map((s) => new Date(s.sentAt).getTime()))), messageCount: stored.length,
      createdAt: capturedAt(0),
    });
    messageRows.push(...stored);
  }
  await tx.conversationThread.createMany({ data: threadRows });
  await tx.conversationMessage.createMany({ data: messageRows });
  return { threads: threadRows.length, messages: messageRows.length };
}
