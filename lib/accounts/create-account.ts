// Adds a platform identity to a project. The first account of a (project, platform) becomes its default.
import { db } from "@/lib/db/client";
import { sealCredentials } from "@/lib/crypto/credentials";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { accountSelect, toAccountView, type AccountInput } from "@/lib/accounts/schemas";
import { assertInstanceAllowed } from "@/lib/accounts/assert-instance-allowed";

export async function createAccount({ orgId, projectId, input }: { orgId: number; projectId: number; input: AccountInput }) {
  await getProjectOrThrow({ orgId, id: projectId });
  await assertInstanceAllowed(input.credentials);
  const sealed = input.credentials ? sealCredentials(input.credentials) : null;
  return db.$transaction(async (tx) => {
    const existingDefault = await tx.account.findFirst({
      where: { organizationId: orgId, projectId, platform: input.platform, isDefault: true },
      select: { id: true },
    });
    const makeDefault = input.isDefault === true || !existingDefault;
    if (makeDefault && existingDefault) {
      await tx.account.update({ where: { id: existingDefault.id }, data: { isDefault: false } });
    }
    const row = await tx.account.create({
      data: {
        organizationId: orgId,
        projectId,
        platform: input.platform,
        platformId: input.platformId,
        displayName: input.displayName ?? null,
        isDefault: makeDefault,
        credentialsCiphertext: sealed?.ciphertext ?? null,
        credentialsKeyId: sealed?.keyId ?? null,
      },
      select: accountSelect,
    });
    return toAccountView(row);
  });
}
