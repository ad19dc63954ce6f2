import type { DraftActor } from "@/lib/drafts/actor";
import type { PatchDraftBody } from "@/lib/drafts/schemas";
import { editDraftBody } from "@/lib/drafts/edit-draft-body";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { rejectDraft } from "@/lib/drafts/reject-draft";
import { reopenDraft } from "@/lib/drafts/reopen-draft";
import { sendDraft } from "@/lib/drafts/send-draft";

/** PATCH /api/drafts/[id]: an inline body edit or one review transition. */
export async function patchDraft({ orgId, id, actor, patch }: { orgId: number; id: number; actor: DraftActor; patch: PatchDraftBody }) {
  if ("body" in patch) return editDraftBody({ orgId, id, actor, version: patch.version, body: patch.body });
  const args = { orgId, id, actor, version: patch.version, reason: patch.reason };
  switch (patch.state) {
    case "approved":
      return approveDraft(args);
    case "rejected":
      return rejectDraft(args);
    case "pending_review":
      return reopenDraft({ ...args, restore: patch.undo === true });
    case "sent":
      // A link given with a manual send is kept the way the extension's is, so the removal checks can run on it.
      return sendDraft({ orgId, id, actor, version: patch.version, published: patch.permalink ? { url: patch.permalink } : undefined });
  }
}
