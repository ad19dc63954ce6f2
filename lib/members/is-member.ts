// Whether a user still belongs to an organization: what long-lived connections re-check (the live stream).
import { db } from "@/lib/db/client";

export async function isMember({ orgId, userId }: { orgId: number; userId: number }): Promise<boolean> {
  return (await db.membership.count({ where: { organizationId: orgId, userId } })) > 0;
}
