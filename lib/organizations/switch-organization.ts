// The session's active organization changes only to one the user belongs to; the membership is checked again on
// every request after (lib/auth/resolve-session-caller.ts).
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { SessionClaims } from "@/lib/auth/session-cookie";

export async function switchOrganization({ userId, username, organizationId }: { userId: number; username: string; organizationId: number }): Promise<SessionClaims & { orgName: string }> {
  const membership = await db.membership.findUnique({
    where: { organizationId_userId: { organizationId, userId } },
    select: { organization: { select: { name: true } } },
  });
  // Another organization's id and a missing one read the same.
  if (!membership) throw notFound("Organization");
  return { userId, username, orgId: organizationId, orgName: membership.organization.name };
}
