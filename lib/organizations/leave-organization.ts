// POST /api/organization/leave: the caller leaves the active organization and the session moves to another of
// theirs. The last owner cannot leave, and nobody leaves their only organization (they could not sign in again).
// Their API keys and paired extensions for the organization they leave are revoked with the membership.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { assertAnotherOwner } from "@/lib/members/lock-owners";
import { revokeMemberCredentials } from "@/lib/members/revoke-member-credentials";

export async function leaveOrganization({ orgId, userId }: { orgId: number; userId: number }): Promise<{ nextOrgId: number }> {
  return db.$transaction(async (tx) => {
    const mine = await tx.membership.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { id: true, organizationId: true, role: true } });
    const here = mine.find((m) => m.organizationId === orgId);
    if (!here) throw new AppError("not_found", "Organization not found");
    const next = mine.find((m) => m.organizationId !== orgId);
    if (!next) throw new AppError("conflict", "This is your only organization: create or join another before leaving it");
    if (here.role === "owner") await assertAnotherOwner(tx, { orgId, membershipId: here.id });
    await tx.membership.delete({ where: { id: here.id } });
    await revokeMemberCredentials(tx, { orgId, userId });
    return { nextOrgId: next.organizationId };
  });
}
