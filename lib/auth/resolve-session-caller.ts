// Resolves a dashboard request to the organization it acts for: the signed-in member's organization when
// OUTREACH_AUTH=on, the default organization otherwise. Membership is re-read on every request so a removed
// member loses access at once.
import { getPool } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Role } from "@/lib/generated/prisma/enums";
import { decodeSession, readCookie, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";

export interface OrgCaller {
  orgId: number;
  orgName: string;
  userId: number | null;
  username: string | null;
  role: Role;
  authEnabled: boolean;
}

export async function resolveSessionCaller(cookieHeader: string | null): Promise<OrgCaller | null> {
  if (!env.OUTREACH_AUTH) {
    const org = await ensureDefaultOrganization();
    return { orgId: org.id, orgName: org.name, userId: null, username: null, role: "owner", authEnabled: false };
  }
  const claims = await decodeSession(readCookie(cookieHeader, SESSION_COOKIE));
  if (!claims) return null;
  // Every signed-in request runs this, so it is one statement on the pool rather than a Prisma query with joins.
  const { rows } = await getPool().query<{ role: Role; org_name: string; username: string }>(
    `SELECT m.role, o.name AS org_name, u.username FROM memberships m
       JOIN organizations o ON o.id = m.organization_id JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = $1 AND m.user_id = $2`,
    [claims.orgId, claims.userId],
  );
  const membership = rows[0];
  if (!membership) return null;
  return {
    orgId: claims.orgId,
    orgName: membership.org_name,
    userId: claims.userId,
    username: membership.username,
    role: membership.role,
    authEnabled: true,
  };
}

const RANK: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

export function hasRole(actual: Role, required: Role): boolean {
  return RANK[actual] >= RANK[required];
}
