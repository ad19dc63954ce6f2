// Marks (or unmarks) staged people of a run as shortlisted: the ones the playbook means to draft for.
import { db } from "@/lib/db/client";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";

export async function shortlistStagingCandidates({
  orgId, runId, targetUsers, shortlisted = true,
}: { orgId: number; runId: number; targetUsers: string[]; shortlisted?: boolean }) {
  const handles = [...new Set(targetUsers.map(canonicalHandle).filter(Boolean))];
  return db.$transaction(async (tx) => {
    const found = await tx.stagingCandidate.findMany({
      where: { organizationId: orgId, runId, targetUser: { in: handles } },
      select: { targetUser: true },
    });
    const { count } = await tx.stagingCandidate.updateMany({
      where: { organizationId: orgId, runId, targetUser: { in: handles } },
      data: { shortlisted },
    });
    const seen = new Set(found.map((f) => f.targetUser));
    return { updated: count, notStaged: handles.filter((h) => !seen.has(h)) };
  });
}
