// DELETE /api/members/[id]: admins remove members and admins; removing an owner takes an owner, and never the last
// one. Leaving is its own action (POST /api/organization/leave), so the session can move elsewhere. The member's API
// keys and paired extensions for this organization are revoked with the membership.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import type { Role } from "@/lib/generated/prisma/enums";
import { assertAnotherOwner } from "@/lib/members/lock-owners";
import { revokeMemberCredentials } from "@/lib/members/revoke-member-credentials";

export async function removeMember({ orgId, userId, callerRole, id }: { orgId: number; userId: number | null; callerRole: Role; id: number }) {
  return db.$transaction(async (tx) => {
    const target = await tx.membership.findFirst({ where: { id, organizationId: orgId }, select: { id: true, role: true, userId: true, user: { select: { username: true } } } });
    if (!target) throw notFound("Member");
    if (target.userId === userId) throw new AppError("conflict", "To remove yourself, leave the organization instead");
    if (target.role === "owner") {
      if (!hasRole(callerRole, "owner")) throw new AppError("forbidden", "Only an owner can remove an owner");
      await assertAnotherOwner(tx, { orgId, membershipId: id });
    }
    await tx.membership.delete({ where: { id } });
    const revoked = await revokeMemberCredentials(tx, { orgId, userId: target.userId });
    return { id, username: target.user.username, removed: true, revoked };
  });
}
