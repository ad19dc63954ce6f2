// POST /api/extension/draft/[id]/sent: the user submitted the draft on the platform. The shared send function does
// the work (optimistic lock, blocklist, variants, contact history). One addition for the extension: a draft that is
// already sent (or already answered) answers 200 with `alreadySent`, because the usual reason is a retry after a
// lost response, and telling the extension "conflict" then would log a failure for a send that happened.
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { sendDraft } from "@/lib/drafts/send-draft";
import { toExtensionDraft } from "@/lib/extension/extension-draft";

export async function markDraftSent({ orgId, deviceId, id, version, permalink }: { orgId: number; deviceId: number; id: number; version?: number; permalink?: string }) {
  const current = await getDraftOrThrow({ orgId, id });
  if (current.state === "sent" || current.state === "replied") return { ...toExtensionDraft(current), alreadySent: true };
  // The permalink of the comment or post the extension saw appear lets the removal checks find it later.
  const sent = await sendDraft({ orgId, id, version, actor: { type: "device", id: deviceId }, published: permalink ? { url: permalink } : undefined });
  return toExtensionDraft(sent);
}
