// GET /api/members: who belongs to the organization, owners first.
import { db } from "@/lib/db/client";

const ORDER = { owner: 0, admin: 1, member: 2 } as const;

export async function listMembers({ orgId, userId }: { orgId: number; userId: number | null }) {
  const rows = await db.membership.findMany({
    where: { organizationId: orgId },
    select: { id: true, role: true, createdAt: true, user: { select: { id: true, username: true } } },
  });
  return rows
    .sort((a, b) => ORDER[a.role] - ORDER[b.role] || a.user.username.localeCompare(b.user.username))
    .map((m) => ({ id: m.id, userId: m.user.id, username: m.user.username, role: m.role, joinedAt: m.createdAt.toISOString(), you: m.user.id === userId }));
}
