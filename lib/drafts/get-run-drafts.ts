// `drafts_get`: the drafts a run may see. A campaign run sees its campaign's drafts; any other run only the drafts
// it created or is drafting. Ids outside that scope answer as not found, exactly like another organization's.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { draftSelect, toDraftView } from "@/lib/drafts/draft-view";

export interface RunScope {
  orgId: number;
  runId: number;
  campaignId: number | null;
}

export function runDraftScope({ orgId, runId, campaignId }: RunScope): Prisma.DraftWhereInput {
  return campaignId
    ? { organizationId: orgId, campaignId }
    : { organizationId: orgId, OR: [{ runId }, { draftingRunId: runId }] };
}

export async function getRunDrafts(scope: RunScope, { ids, state, limit = 100 }: { ids?: number[]; state?: string; limit?: number }) {
  const rows = await db.draft.findMany({
    where: { ...runDraftScope(scope), ...(ids ? { id: { in: ids } } : {}), ...(state ? { state: state as never } : {}) },
    orderBy: { id: "desc" },
    take: ids ? ids.length : limit,
    select: draftSelect,
  });
  const drafts = rows.map((r) => toDraftView(r));
  const found = new Set(drafts.map((d) => d.id));
  return { drafts, notFound: (ids ?? []).filter((id) => !found.has(id)) };
}
