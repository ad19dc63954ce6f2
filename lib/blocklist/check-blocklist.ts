// `blocklist_check` and `outreach blocklist:check`: would these targets or texts be refused? Uses the same matcher
// as draft creation and sending, over the organization's global entries plus the project's.
import { db } from "@/lib/db/client";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";

export interface BlocklistTarget {
  targetUser: string;
  community?: string;
  text?: string;
}

export async function checkBlocklist({ orgId, projectId, targets }: { orgId: number; projectId: number | null; targets: BlocklistTarget[] }) {
  const rules = await db.$transaction((tx) => loadBlocklistRules(tx, { orgId, projectId }));
  return {
    results: targets.map((t) => {
      const hit = matchBlocklist(rules, { targetUser: t.targetUser, targetCommunity: t.community ?? null, texts: t.text ? [t.text] : [] });
      return hit
        ? { targetUser: t.targetUser, blocked: true as const, type: hit.type, value: hit.value, scope: hit.scope, reason: hit.message }
        : { targetUser: t.targetUser, blocked: false as const };
    }),
  };
}
