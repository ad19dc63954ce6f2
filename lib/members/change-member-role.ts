// PATCH /api/members/[id]: admins change members and admins; making or unmaking an owner takes an owner; the last
// owner cannot be demoted. Another organization's membership is not found.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import type { Role } from "@/lib/generated/prisma/enums";
import { assertAnotherOwner } from "@/lib/members/lock-owners";

export async function changeMemberRole({ orgId, callerRole, id, role }: { orgId: number; callerRole: Role; id: number; role: Role }) {
  return db.$transaction(async (tx) => {
    const target = await tx.membership.findFirst({ where: { id, organizationId: orgId }, select: { id: true, role: true, user: { select: { username: true } } } });
    if (!target) throw notFound("Member");
    if ((target.role === "owner" || role === "owner") && !hasRole(callerRole, "owner")) {
      throw new AppError("forbidden", "Only an owner can make someone an owner or change an owner's role");
    }
    if (target.role === role) return { id, username: target.user.username, role };
    if (target.role === "owner") await assertAnotherOwner(tx, { orgId, membershipId: id });
    await tx.membership.update({ where: { id }, data: { role } });
    return { id, username: target.user.username, role };
  });
}
