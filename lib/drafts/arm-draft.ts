import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";

/** The extension opened the draft's compose page. Opening it again changes nothing. */
export async function armDraft({ orgId, id, version, actor }: { orgId: number; id: number; version?: number; actor: DraftActor }) {
  const current = await getDraftOrThrow({ orgId, id });
  if (current.state === "armed" && (version === undefined || version === current.version)) return current;
  await db.$transaction((tx) => changeDraft(tx, { orgId, id, version, actor, action: "arm", event: "armed" }));
  return getDraftOrThrow({ orgId, id });
}
