// Stages people on a run (staging_candidates rows, unique per organization, run, platform and handle), so a playbook
// can research first, shortlist, then draft. Scouts stage every author they return; an agent adds its own finds.
// Handles are stored in their canonical form (lower case, no u/ or @), the spelling dedup and the blocklist compare.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";

export interface StagedCandidate {
  targetUser: string;
  community?: string | null;
  sourceUrl?: string | null;
  note?: string | null;
  /** What the scout saw (post or status id, title); kept with the candidate. */
  source?: Prisma.InputJsonObject;
}

/**
 * Adds candidates not yet staged on the run. With `refresh`, candidates already staged get the new community,
 * source and note where given (their shortlist mark is kept). Answers how many rows were added and refreshed.
 */
export async function stageCandidates({
  orgId, runId, platform, candidates, refresh = false,
}: { orgId: number; runId: number; platform: string; candidates: StagedCandidate[]; refresh?: boolean }): Promise<{ added: number; refreshed: number }> {
  const byHandle = new Map<string, StagedCandidate>();
  for (const c of candidates) {
    const handle = canonicalHandle(c.targetUser);
    if (handle && !byHandle.has(handle)) byHandle.set(handle, c);
  }
  if (byHandle.size === 0) return { added: 0, refreshed: 0 };
  return db.$transaction(async (tx) => {
    const existing = await tx.stagingCandidate.findMany({
      where: { organizationId: orgId, runId, platform, targetUser: { in: [...byHandle.keys()] } },
      select: { id: true, targetUser: true, payload: true },
    });
    const known = new Map(existing.map((e) => [e.targetUser, e]));
    const fresh = [...byHandle].filter(([handle]) => !known.has(handle));
    // skipDuplicates: a concurrent call of the same run may have staged the same person a moment ago.
    const { count } = await tx.stagingCandidate.createMany({
      data: fresh.map(([handle, c]) => ({
        organizationId: orgId,
        runId,
        platform,
        targetUser: handle,
        community: c.community ?? null,
        sourceUrl: c.sourceUrl ?? null,
        payload: { note: c.note ?? null, ...(c.source ? { source: c.source } : {}) },
      })),
      skipDuplicates: true,
    });
    let refreshed = 0;
    if (refresh) {
      for (const [handle, c] of byHandle) {
        const row = known.get(handle);
        if (!row) continue;
        const payload = (row.payload ?? {}) as Prisma.JsonObject;
        await tx.stagingCandidate.updateMany({
          where: { id: row.id, organizationId: orgId },
          data: {
            ...(c.community ? { community: c.community } : {}),
            ...(c.sourceUrl ? { sourceUrl: c.sourceUrl } : {}),
            ...(c.note !== undefined ? { payload: { ...payload, note: c.note } } : {}),
          },
        });
        refreshed++;
      }
    }
    return { added: count, refreshed };
  });
}
