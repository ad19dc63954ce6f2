// Edits an account. Making it the default clears the previous default of the same (project, platform);
// `credentials: null` erases the stored secret.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { sealCredentials } from "@/lib/crypto/credentials";
import { accountSelect, toAccountView, type AccountPatch } from "@/lib/accounts/schemas";
import { assertInstanceAllowed } from "@/lib/accounts/assert-instance-allowed";

export async function updateAccount({ orgId, id, patch }: { orgId: number; id: number; patch: AccountPatch }) {
  // Before the transaction: it resolves a host name, and no transaction waits on DNS.
  await assertInstanceAllowed(patch.credentials);
  return db.$transaction(async (tx) => {
    const account = await tx.account.findFirst({ where: { id, organizationId: orgId }, select: { projectId: true, platform: true } });
    if (!account) throw notFound("Account");
    if (patch.isDefault === true) {
      await tx.account.updateMany({
        where: { organizationId: orgId, projectId: account.projectId, platform: account.platform, isDefault: true, NOT: { id } },
        data: { isDefault: false },
      });
    }
    const sealed = patch.credentials ? sealCredentials(patch.credentials) : null;
    const row = await tx.account.update({
      where: { id },
      data: {
        ...(patch.platformId !== undefined && { platformId: patch.platformId }),
        ...(patch.displayName !== undefined && { displayName: patch.displayName }),
        ...(patch.isDefault !== undefined && { isDefault: patch.isDefault }),
        ...(patch.credentials !== undefined && {
          credentialsCiphertext: sealed?.ciphertext ?? null,
          credentialsKeyId: sealed?.keyId ?? null,
          // New credentials have not been tried yet: the old ones' successes and refusals no longer describe them.
          lastUsedAt: null,
          lastFailedAt: null,
          lastFailureReason: null,
        }),
      },
      select: accountSelect,
    });
    return toAccountView(row);
  });
}
