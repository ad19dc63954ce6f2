// The draft as the extension's compose UI needs it (docs/extension-api.md): what to fill in, the version for the
// optimistic lock, and whether it may be sent now. A subset of the dashboard's DraftView on purpose: the
// extension has no use for review metadata, and a smaller contract is easier to keep.
import type { DraftView } from "@/lib/drafts/draft-view";
import { sendReadiness } from "@/lib/drafts/send-readiness";

export function toExtensionDraft(d: DraftView, now: Date = new Date()) {
  const readiness = sendReadiness(d, now);
  return {
    id: d.id,
    version: d.version,
    state: d.state,
    kind: d.kind,
    platform: d.platform,
    accountHandle: d.accountHandle,
    targetUser: d.targetUser,
    targetCommunity: d.targetCommunity,
    targetUrl: d.targetUrl,
    title: d.title,
    body: d.body,
    scheduledSendAfter: d.scheduledSendAfter,
    heldUntil: d.heldUntil,
    heldReason: d.heldReason,
    draftingRunId: d.draftingRunId,
    sentAt: d.sentAt,
    updatedAt: d.updatedAt,
    sendable: readiness.ready,
    notSendableReason: readiness.reason,
  };
}
export type ExtensionDraft = ReturnType<typeof toExtensionDraft>;
