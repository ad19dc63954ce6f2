// Account health on the project's Accounts (docs/removal-checks.md "Account health"): per account, the public posts
// and comments sent in the last 30 days that a removal check has looked at, and how many of them a signed-out visitor
// finds removed or no longer visible now. Deleted by their author does not count: that was the sender's choice.
import { db } from "@/lib/db/client";
import { HEALTH_WINDOW_DAYS } from "@/lib/removal-checks/removal-policy";

export interface AccountHealth {
  accountId: number;
  platform: string;
  handle: string;
  /** Checked posts sent in the window. */
  checked: number;
  removed: number;
  notVisible: number;
  deleted: number;
  /** removed + notVisible: what counts against the account. */
  lost: number;
  windowDays: number;
}

export async function getAccountHealth({ orgId, projectId, now = new Date() }: { orgId: number; projectId: number; now?: Date }): Promise<AccountHealth[]> {
  const since = new Date(now.getTime() - HEALTH_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db.$queryRaw<Array<{ id: number; platform: string; platform_id: string; checked: number; removed: number; not_visible: number; deleted: number }>>`
    SELECT a.id, a.platform, a.platform_id,
           count(d.id)::int AS checked,
           count(d.id) FILTER (WHERE d.visibility = 'removed')::int AS removed,
           count(d.id) FILTER (WHERE d.visibility = 'not_visible')::int AS not_visible,
           count(d.id) FILTER (WHERE d.visibility = 'deleted')::int AS deleted
      FROM accounts a
      LEFT JOIN drafts d ON d.organization_id = a.organization_id AND d.account_id = a.id
                        AND d.visibility_checked_at IS NOT NULL AND d.sent_at >= ${since}
     WHERE a.organization_id = ${orgId} AND a.project_id = ${projectId}
     GROUP BY a.id, a.platform, a.platform_id
     ORDER BY a.platform, a.platform_id`;
  return rows.map((r) => ({
    accountId: r.id, platform: r.platform, handle: r.platform_id, checked: r.checked, removed: r.removed, notVisible: r.not_visible,
    deleted: r.deleted, lost: r.removed + r.not_visible, windowDays: HEALTH_WINDOW_DAYS,
  }));
}

/** "2 of 31 checked posts removed in 30 days", in the words the Accounts page and the API use. */
export function describeAccountHealth(h: AccountHealth): string {
  if (h.checked === 0) return `No checked posts in ${h.windowDays} days`;
  const posts = h.checked === 1 ? "checked post" : "checked posts";
  return `${h.lost} of ${h.checked} ${posts} removed in ${h.windowDays} days`;
}
