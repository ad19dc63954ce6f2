// GET /api/extension/draft/[id]: another organization's draft is the same 404 as a missing one.
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { toExtensionDraft } from "@/lib/extension/extension-draft";

export async function getExtensionDraft({ orgId, id }: { orgId: number; id: number }) {
  return toExtensionDraft(await getDraftOrThrow({ orgId, id }));
}
