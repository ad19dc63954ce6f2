// POST /api/organizations: a signed-in user of the cloud edition starts another organization and becomes its owner.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { isCloudEdition } from "@/lib/edition/edition";
import { createOrganization } from "@/lib/organizations/create-organization";

export async function createUserOrganization({ userId, name }: { userId: number; name: string }) {
  if (!isCloudEdition()) throw new AppError("forbidden", "Organizations are created with `npm run outreach -- users:create` on a self-hosted install");
  return db.$transaction((tx) => createOrganization(tx, { name, ownerUserId: userId }));
}
