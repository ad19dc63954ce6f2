import { db } from "@/lib/db/client";
import { accountSelect, toAccountView } from "@/lib/accounts/schemas";

export async function listAccounts({ orgId, projectId }: { orgId: number; projectId?: number }) {
  const rows = await db.account.findMany({
    where: { organizationId: orgId, ...(projectId ? { projectId } : {}) },
    orderBy: [{ platform: "asc" }, { isDefault: "desc" }, { createdAt: "asc" }],
    select: accountSelect,
  });
  return rows.map(toAccountView);
}
