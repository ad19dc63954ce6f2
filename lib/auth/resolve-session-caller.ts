// Resolves a dashboard request to the organization it acts for: the signed-in member's organization when
// OUTREACH_AUTH=on, the default organization otherwise. Membership is re-read on every request so a removed
// member loses access at once.
import { db } from "@/lib/db/client";
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
  const membership = await db.membership.findUnique({
    where: { organizationId_userId: { organizationId: claims.orgId, userId: claims.userId } },
    select: { role: true, organization: { select: { name: true } }, user: { select: { username: true } } },
  });
  if (!membership) return null;
  return {
    orgId: claims.orgId,
    orgName: membership.organization.name,
    userId: claims.userId,
    username: membership.user.username,
    role: membership.role,
    authEnabled: true,
  };
}

const RANK: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

export function hasRole(actual: Role, required: Role): boolean {
  return RANK[actual] >= RANK[required];
}
