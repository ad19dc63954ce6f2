import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { slugTaken } from "@/lib/playbooks/create-playbook";
import { playbookSelect, type PlaybookPatch } from "@/lib/playbooks/schemas";

export const BUILTIN_READ_ONLY = "Built-in playbooks are read-only; duplicate it to make your own";

/**
 * Edits a playbook of the organization's own. Runs that already started keep their snapshot (runs.playbook_body);
 * campaigns pointing at this playbook use the new text from their next run.
 */
export async function updatePlaybook({ orgId, id, patch }: { orgId: number; id: number; patch: PlaybookPatch }) {
  const current = await db.playbook.findFirst({ where: { id, organizationId: orgId }, select: { isBuiltin: true } });
  if (!current) throw notFound("Playbook");
  if (current.isBuiltin) throw new AppError("conflict", BUILTIN_READ_ONLY, { builtin: true });
  try {
    // The built-in check is repeated in the write itself so nothing can turn a row built-in in between.
    const { count } = await db.playbook.updateMany({ where: { id, organizationId: orgId, isBuiltin: false }, data: patch });
    if (count === 0) throw notFound("Playbook");
  } catch (err) {
    if ((err as { code?: string }).code === "P2002" && patch.slug) throw slugTaken(patch.slug);
    throw err;
  }
  return db.playbook.findFirstOrThrow({ where: { id, organizationId: orgId }, select: playbookSelect });
}
