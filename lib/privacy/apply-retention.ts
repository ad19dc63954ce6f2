// One organization's nightly retention pass (docs/privacy.md "Retention"): conversations whose last message is older
// than the organization's retention days go with their messages, and so do drafts that were rejected that long ago or
// are still waiting for review that long after they were written (expired). Sent and approved drafts, contact history
// and opt-outs stay: they are what keeps the agent from writing to someone twice. The Outcomes numbers stay too
// (lib/outcomes/carry-erased-outcomes.ts).
//
// Safe on several instances: the organization's settings row is claimed with SKIP LOCKED, and a pass already made on
// the same UTC day is not made again, so a retried or doubled job deletes nothing twice and counts nothing twice.
import { db } from "@/lib/db/client";
import { beginOutcomeCarry } from "@/lib/outcomes/carry-erased-outcomes";
import type { RetentionCounts } from "@/lib/privacy/retention";

export type RetentionPass = { orgId: number; skipped: true } | ({ orgId: number; skipped: false } & RetentionCounts);

export async function applyRetention({ orgId, now }: { orgId: number; now: Date }): Promise<RetentionPass> {
  return db.$transaction(
    async (tx) => {
      const [cfg] = await tx.$queryRaw<{ days: number | null; last: Date | null; total: RetentionCounts | null }[]>`
        SELECT retention_days AS days, retention_last_run_at AS last, retention_total_counts AS total
          FROM app_config WHERE organization_id = ${orgId} FOR UPDATE SKIP LOCKED`;
      if (!cfg || cfg.days === null) return { orgId, skipped: true as const };
      if (cfg.last && cfg.last.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)) return { orgId, skipped: true as const };
      const cutoff = new Date(now.getTime() - cfg.days * 86_400_000);

      const threads = await tx.$queryRaw<{ id: number; messages: number }[]>`
        SELECT id, (SELECT count(*) FROM conversation_messages m WHERE m.thread_id = t.id AND m.organization_id = t.organization_id)::int AS messages
          FROM conversation_threads t WHERE organization_id = ${orgId} AND last_message_at < ${cutoff}`;
      const drafts = (
        await tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM drafts d WHERE organization_id = ${orgId}
             AND ((state = 'rejected' AND updated_at < ${cutoff}) OR (state IN ('pending_review', 'proposed') AND created_at < ${cutoff}))
             AND NOT EXISTS (SELECT 1 FROM conversation_threads t WHERE t.parent_draft_id = d.id AND t.organization_id = d.organization_id
                               AND t.last_message_at >= ${cutoff})`
      ).map((d) => d.id);

      const carry = await beginOutcomeCarry(tx, { orgId, draftIds: drafts });
      await tx.conversationThread.deleteMany({ where: { organizationId: orgId, id: { in: threads.map((t) => t.id) } } });
      await tx.accountSend.updateMany({ where: { organizationId: orgId, draftId: { in: drafts } }, data: { draftId: null } });
      await tx.draft.deleteMany({ where: { organizationId: orgId, id: { in: drafts } } });
      await carry.finish();

      const counts: RetentionCounts = { conversations: threads.length, messages: threads.reduce((n, t) => n + t.messages, 0), drafts: drafts.length };
      const total: RetentionCounts = {
        conversations: (cfg.total?.conversations ?? 0) + counts.conversations,
        messages: (cfg.total?.messages ?? 0) + counts.messages,
        drafts: (cfg.total?.drafts ?? 0) + counts.drafts,
      };
      await tx.appConfig.update({
        where: { organizationId: orgId },
        data: { retentionLastRunAt: now, retentionLastCounts: { ...counts }, retentionTotalCounts: { ...total } },
      });
      return { orgId, skipped: false as const, ...counts };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
