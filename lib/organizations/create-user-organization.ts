// POST /api/organizations: a signed-in user of the cloud edition starts another organization and becomes its owner.
// Each organization starts with the Free plan's minutes, so one person may own a few at most
// (OUTREACH_MAX_OWNED_ORGANIZATIONS); the user's row is locked while they are counted, so parallel requests cannot
// pass the cap together.
import { db } from "@/lib/db/client";
import { readEnv } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { isCloudEdition } from "@/lib/edition/edition";
import { createOrganization } from "@/lib/organizations/create-organization";

export async function createUserOrganization({ userId, name }: { userId: number; name: string }) {
  if (!isCloudEdition()) throw new AppError("forbidden", "Organizations are created with `npm run outreach -- users:create` on a self-hosted install");
  const cap = readEnv().OUTREACH_MAX_OWNED_ORGANIZATIONS;
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
    const owned = await tx.membership.count({ where: { userId, role: "owner" } });
    if (owned >= cap) {
      throw new AppError("conflict", `You already own ${owned} organizations, the most one person can own. Delete or hand over one of them first.`, { limit: cap });
    }
    return createOrganization(tx, { name, ownerUserId: userId });
  });
}
