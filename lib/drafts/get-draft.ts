import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { draftSelect, toDraftView, type DraftView } from "@/lib/drafts/draft-view";
import { findRegeneratingRuns } from "@/lib/drafts/find-regenerating-runs";

export async function getDraftOrThrow({ orgId, id }: { orgId: number; id: number }): Promise<DraftView> {
  const row = await db.draft.findFirst({ where: { id, organizationId: orgId }, select: draftSelect });
  if (!row) throw notFound("Draft");
  const regenerating = await findRegeneratingRuns({ orgId, draftIds: [id] });
  return toDraftView(row, regenerating.get(id) ?? null);
}
