// People erased at their request (docs/privacy.md "What stays"): their suppression is the keyed hash of platform and
// handle, so the check hashes the candidates and looks the hashes up; the handle itself is nowhere to compare with.
import type { Tx } from "@/lib/db/client";
import { subjectHash } from "@/lib/privacy/subject-hash";

/** The subset of (platform, handle) pairs that are suppressed, as `${platform}\0${hash}` keys of subjectHash. */
export async function findSuppressed(tx: Tx, { orgId, people }: { orgId: number; people: Array<{ platform: string; handle: string }> }): Promise<Set<string>> {
  if (people.length === 0) return new Set();
  const hashes = [...new Set(people.map((p) => subjectHash(p.platform, p.handle)))];
  const rows = await tx.suppression.findMany({ where: { organizationId: orgId, subjectHash: { in: hashes } }, select: { subjectHash: true } });
  return new Set(rows.map((r) => r.subjectHash));
}

/** The refusal every path words the same way; it cannot name the person beyond the handle the caller gave. */
export function suppressedMessage(handle: string): string {
  return `${handle} asked for their data to be erased; nothing may be written or sent to them again`;
}
