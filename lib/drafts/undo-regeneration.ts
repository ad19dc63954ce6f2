import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";

/** POST /api/drafts/[id]/regenerate/undo: puts back the body the last regeneration replaced. */
export async function undoRegeneration({ orgId, id, version, actor }: { orgId: number; id: number; version?: number; actor: DraftActor }) {
  await db.$transaction((tx) =>
    changeDraft(tx, {
      orgId, id, version, actor, action: "regenerate", event: "regeneration_undone",
      guard: async (draft) => {
        if (draft.previousBody === null) throw new AppError("conflict", "There is no regenerated body to undo", { current_version: draft.version });
      },
      data: (draft) => ({ body: draft.previousBody!, previousBody: null }),
      details: (draft) => ({ restoredBody: draft.previousBody, discardedBody: draft.body }),
    }),
  );
  return getDraftOrThrow({ orgId, id });
}
