// `drafts_get`: the drafts a run may see. A campaign run sees its campaign's drafts; any other run only the drafts
// it created or is drafting. An id outside that scope refuses the call exactly like another organization's or a
// missing one (requireIdsFound).
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { requireIdsFound } from "@/lib/http/errors";
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
  if (ids) {
    // Asked by id: every id must be in scope (whatever its state); the state filter then narrows the answer.
    const rows = await db.draft.findMany({ where: { ...runDraftScope(scope), id: { in: ids } }, orderBy: { id: "desc" }, select: draftSelect });
    requireIdsFound([{ what: "Draft", asked: ids, found: rows.map((r) => r.id) }]);
    return { drafts: rows.filter((r) => !state || r.state === state).map((r) => toDraftView(r)) };
  }
  const rows = await db.draft.findMany({
    where: { ...runDraftScope(scope), ...(state ? { state: state as never } : {}) },
    orderBy: { id: "desc" },
    take: limit,
    select: draftSelect,
  });
  return { drafts: rows.map((r) => toDraftView(r)) };
}
