import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export async function deleteAccount({ orgId, id }: { orgId: number; id: number }) {
  const { count } = await db.account.deleteMany({ where: { id, organizationId: orgId } });
  if (count === 0) throw notFound("Account");
}
