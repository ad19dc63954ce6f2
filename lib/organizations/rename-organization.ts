import { db } from "@/lib/db/client";

export async function renameOrganization({ orgId, name }: { orgId: number; name: string }) {
  return db.organization.update({ where: { id: orgId }, data: { name }, select: { id: true, name: true } });
}
