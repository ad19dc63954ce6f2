// The people staged on a run, oldest first, as the staging_candidates tool shows them.
import { db } from "@/lib/db/client";

// A run stages at most a few hundred people in practice; the cap keeps one answer readable by an agent.
const LIST_LIMIT = 500;

export interface CandidateView {
  targetUser: string;
  platform: string;
  community: string | null;
  sourceUrl: string | null;
  note: string | null;
  shortlisted: boolean;
}

export async function listStagingCandidates({ orgId, runId, shortlistedOnly = false }: { orgId: number; runId: number; shortlistedOnly?: boolean }) {
  const rows = await db.stagingCandidate.findMany({
    where: { organizationId: orgId, runId, ...(shortlistedOnly ? { shortlisted: true } : {}) },
    orderBy: { id: "asc" },
    take: LIST_LIMIT + 1,
    select: { targetUser: true, platform: true, community: true, sourceUrl: true, payload: true, shortlisted: true },
  });
  const candidates: CandidateView[] = rows.slice(0, LIST_LIMIT).map((r) => {
    const note = (r.payload as { note?: unknown } | null)?.note;
    return {
      targetUser: r.targetUser,
      platform: r.platform,
      community: r.community,
      sourceUrl: r.sourceUrl,
      note: typeof note === "string" ? note : null,
      shortlisted: r.shortlisted,
    };
  });
  return { candidates, truncated: rows.length > LIST_LIMIT };
}
