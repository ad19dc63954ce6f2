// The last owner of an organization can be neither removed nor demoted, nor leave. Every change that could take
// an owner away locks the organization's owner rows first, so two owners demoting each other at once cannot both
// succeed and leave nobody.
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";

export async function assertAnotherOwner(tx: Prisma.TransactionClient, { orgId, membershipId }: { orgId: number; membershipId: number }): Promise<void> {
  const owners = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM memberships WHERE organization_id = ${orgId} AND role = 'owner' ORDER BY id FOR UPDATE`;
  if (!owners.some((o) => o.id !== membershipId)) {
    throw new AppError("conflict", "An organization needs at least one owner: make someone else an owner first");
  }
}
