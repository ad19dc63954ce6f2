// `contact_history_check` and `outreach contacts:check`: has this organization contacted (or queued a draft to) these
// handles within the dedup window? The same lookup draft creation uses, so the agent sees what dedup will do.
import { db } from "@/lib/db/client";
import { getAppConfig } from "@/lib/config/get-app-config";
import { findRecentContact } from "@/lib/contacts/find-recent-contact";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import { findSuppressed, suppressedMessage } from "@/lib/privacy/find-suppressed";
import { subjectHash } from "@/lib/privacy/subject-hash";

export async function checkContactHistory({ orgId, platform, handles, now = new Date() }: { orgId: number; platform: string; handles: string[]; now?: Date }) {
  const { dedup_policy: dedup } = await getAppConfig({ orgId });
  const unique = [...new Set(handles.map((h) => h.trim()).filter(Boolean))];
  const results = await db.$transaction(async (tx) => {
    // Whole history (beyond the window) for every handle in one query; the window check per handle is draft
    // creation's own lookup, so the answer matches what dedup will do.
    const histories = new Map(
      (
        await tx.contactHistory.findMany({
          where: { organizationId: orgId, platform, targetUser: { in: unique.map(canonicalHandle) } },
          select: { targetUser: true, firstContactedAt: true, lastContactedAt: true, outcome: true },
        })
      ).map((h) => [h.targetUser, h]),
    );
    // Erased at their request (docs/privacy.md): draft creation will refuse them, so the agent is told before it writes.
    const suppressed = await findSuppressed(tx, { orgId, people: unique.map((handle) => ({ platform, handle })) });
    const out = [];
    for (const handle of unique) {
      const recent = await findRecentContact(tx, { orgId, platform, targetUser: handle, windowDays: dedup.window_days, now });
      const history = histories.get(canonicalHandle(handle));
      out.push({
        handle,
        // Inside the window: draft creation will warn or skip (dedup_policy.mode).
        recentlyContacted: recent !== null,
        source: recent?.source ?? null,
        lastContactedAt: recent?.lastContactedAt ?? history?.lastContactedAt.toISOString() ?? null,
        firstContactedAt: history?.firstContactedAt.toISOString() ?? null,
        outcome: history?.outcome ?? null,
        ...(suppressed.has(subjectHash(platform, handle)) && { suppressed: true, note: suppressedMessage(handle) }),
      });
    }
    return out;
  });
  return { platform, windowDays: dedup.window_days, mode: dedup.mode, results };
}
