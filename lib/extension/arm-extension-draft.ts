// POST /api/extension/draft/[id]/armed: the compose page opened. The rules are the drafts domain's (armDraft).
import { armDraft } from "@/lib/drafts/arm-draft";
import { toExtensionDraft } from "@/lib/extension/extension-draft";

export async function armExtensionDraft({ orgId, deviceId, id, version }: { orgId: number; deviceId: number; id: number; version?: number }) {
  return toExtensionDraft(await armDraft({ orgId, id, version, actor: { type: "device", id: deviceId } }));
}
