import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

/** A campaign may only point at a playbook of its own organization; another's answers like a missing one. */
export async function assertPlaybookExists({ orgId, id }: { orgId: number; id: number }): Promise<void> {
  const found = await db.playbook.findFirst({ where: { id, organizationId: orgId }, select: { id: true } });
  if (!found) throw notFound("Playbook");
}
