import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";

/** SPEC "Inline edit": only while pending_review or proposed; the event keeps the prior body. */
export async function editDraftBody({ orgId, id, version, actor, body }: { orgId: number; id: number; version?: number; actor: DraftActor; body: string }) {
  await db.$transaction((tx) =>
    changeDraft(tx, {
      orgId, id, version, actor, action: "edit_body", event: "body_edited",
      data: () => ({ body, bodyEdited: true }),
      details: (draft) => ({ previousBody: draft.body }),
    }),
  );
  return getDraftOrThrow({ orgId, id });
}
