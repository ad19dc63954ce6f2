// The Operator area's organizations: every organization of the service with its plan, members, cloud-runner minutes
// this period and last activity. It reads across organizations on purpose (the operator runs all of them), hence
// the name; only the operator's routes call it. One statement, newest activity first.
import { getPool } from "@/lib/db/client";
import { ACTIVE_SUBSCRIPTION } from "@/lib/billing/plans";

export interface OperatorOrganization {
  id: number;
  name: string;
  plan: string;
  paid: boolean;
  subscriptionStatus: string | null;
  members: number;
  usedMinutes: number;
  createdAt: string;
  lastActivityAt: string | null;
}

export const OPERATOR_ORGANIZATIONS_LIMIT = 200;

export async function unsafeListOrganizationsForOperator({ q, now = new Date() }: { q?: string; now?: Date } = {}): Promise<{ organizations: OperatorOrganization[]; total: number }> {
  const filter = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await getPool().query<{
    id: number; name: string; plan: string; subscription_status: string | null; members: number; seconds: number; created_at: Date; last_activity: Date | null; total: number;
  }>(
    `WITH period AS (
       SELECT o.id,
              CASE WHEN o.plan <> 'free' AND o.subscription_status = ANY($3::text[]) AND o.current_period_start <= $1 AND $1 < o.current_period_end
                   THEN o.current_period_start ELSE date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' END AS starts
         FROM organizations o
        WHERE $2::text IS NULL OR o.name ILIKE $2
     )
     SELECT o.id, o.name, o.plan, o.subscription_status, o.created_at,
            (SELECT count(*) FROM memberships m WHERE m.organization_id = o.id)::int AS members,
            (SELECT coalesce(sum(u.seconds), 0) FROM metered_usage u WHERE u.organization_id = o.id AND u.occurred_at >= p.starts)::int AS seconds,
            greatest((SELECT max(r.started_at) FROM runs r WHERE r.organization_id = o.id),
                     (SELECT max(d.created_at) FROM drafts d WHERE d.organization_id = o.id)) AS last_activity,
            count(*) OVER ()::int AS total
       FROM organizations o JOIN period p ON p.id = o.id
      ORDER BY last_activity DESC NULLS LAST, o.id DESC
      LIMIT $4`,
    [now, filter, [...ACTIVE_SUBSCRIPTION], OPERATOR_ORGANIZATIONS_LIMIT],
  );
  return {
    total: rows[0]?.total ?? 0,
    organizations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      plan: r.plan,
      paid: r.plan !== "free" && ACTIVE_SUBSCRIPTION.has(r.subscription_status ?? ""),
      subscriptionStatus: r.subscription_status,
      members: r.members,
      usedMinutes: Math.ceil(r.seconds / 60),
      createdAt: r.created_at.toISOString(),
      lastActivityAt: r.last_activity?.toISOString() ?? null,
    })),
  };
}
