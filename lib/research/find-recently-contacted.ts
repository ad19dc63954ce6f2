// Which of these handles this organization contacted (or queued a draft to) inside the dedup window: the same lookup
// contact_history_check and draft creation use, so "recentlyContacted" in a scout answer predicts what dedup will do.
import { checkContactHistory } from "@/lib/contacts/check-contact-history";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";

export async function findRecentlyContacted({ orgId, platform, handles }: { orgId: number; platform: string; handles: string[] }): Promise<Set<string>> {
  const unique = [...new Set(handles.map(canonicalHandle).filter(Boolean))];
  if (unique.length === 0) return new Set();
  const { results } = await checkContactHistory({ orgId, platform, handles: unique });
  return new Set(results.filter((r) => r.recentlyContacted).map((r) => canonicalHandle(r.handle)));
}
