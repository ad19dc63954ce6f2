// Resolves a dashboard request to the organization it acts for: the signed-in member's organization when
// OUTREACH_AUTH=on, the default organization otherwise. Membership, the session's version and whether it was signed
// out are read on every request (one statement), so a removed member or a signed-out cookie loses access at once.
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
  // A session an organization's provider made is good in that organization only (docs/sso.md).
  if (claims.ssoOrgId != null && claims.ssoOrgId !== claims.orgId) return null;
  // Every signed-in request runs this, so it is one statement on the pool rather than a Prisma query with joins.
  // A named statement: each pooled connection parses and plans it once, then only binds and executes it (the
  // statement is the same on every request; its plan is four primary-key or unique lookups whatever the values).
  const { rows } = await getPool().query<{ role: Role; org_name: string; username: string }>({
    name: "session-membership",
    text: `SELECT m.role, o.name AS org_name, u.username FROM memberships m
       JOIN organizations o ON o.id = m.organization_id JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = $1 AND m.user_id = $2 AND u.session_version = $3
       AND NOT EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.jti = $4)`,
    values: [claims.orgId, claims.userId, claims.sessionVersion, claims.jti],
  });
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
