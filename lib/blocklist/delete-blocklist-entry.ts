import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export async function deleteBlocklistEntry({ orgId, id }: { orgId: number; id: number }) {
  const { count } = await db.blocklistEntry.deleteMany({ where: { id, organizationId: orgId } });
  if (count === 0) throw notFound("Blocklist entry");
}
