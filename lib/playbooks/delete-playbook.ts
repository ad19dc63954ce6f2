// Deleting a playbook of the organization's own. Campaigns that used it keep running: the foreign key clears their
// playbook_id (ON DELETE SET NULL) and their next run falls back to the organization's built-in of their skill
// (lib/runs/start-campaign-run.ts). Runs keep their snapshot.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { BUILTIN_READ_ONLY } from "@/lib/playbooks/update-playbook";

export async function deletePlaybook({ orgId, id }: { orgId: number; id: number }): Promise<{ campaignsReset: number }> {
  const current = await db.playbook.findFirst({
    where: { id, organizationId: orgId },
    select: { isBuiltin: true, _count: { select: { campaigns: true } } },
  });
  if (!current) throw notFound("Playbook");
  if (current.isBuiltin) throw new AppError("conflict", BUILTIN_READ_ONLY, { builtin: true });
  const { count } = await db.playbook.deleteMany({ where: { id, organizationId: orgId, isBuiltin: false } });
  if (count === 0) throw notFound("Playbook");
  return { campaignsReset: current._count.campaigns };
}
