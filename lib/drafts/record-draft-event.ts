import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { actorColumns, type DraftActor } from "@/lib/drafts/actor";

/** Appends one draft event inside the caller's transaction, so the change and its record commit together. */
export async function recordDraftEvent(
  tx: Tx,
  { orgId, draftId, event, actor, details = {} }: { orgId: number; draftId: number; event: string; actor: DraftActor; details?: Prisma.InputJsonObject },
): Promise<{ id: number; createdAt: Date }> {
  return tx.draftEvent.create({ data: { organizationId: orgId, draftId, event, details, ...actorColumns(actor) }, select: { id: true, createdAt: true } });
}
