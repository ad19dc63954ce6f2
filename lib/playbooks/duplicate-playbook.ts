// "Duplicate" on a playbook (built-ins above all, which are read-only): an editable copy whose slug is
// <slug>-copy, then <slug>-copy-2, … whichever is free in the organization.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { playbookSelect } from "@/lib/playbooks/schemas";

const MAX_SLUG = 64;
const MAX_ATTEMPTS = 5;

export async function duplicatePlaybook({ orgId, id }: { orgId: number; id: number }) {
  const source = await db.playbook.findFirst({ where: { id, organizationId: orgId }, select: { slug: true, title: true, body: true } });
  if (!source) throw notFound("Playbook");
  const stem = `${source.slug.replace(/(-copy(-\d+)?)+$/, "").slice(0, MAX_SLUG - 10)}-copy`;
  // Two people duplicating at once can pick the same free slug; the unique index decides and the loser retries.
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const slug = await freeSlug(orgId, stem);
    try {
      return await db.playbook.create({
        data: { organizationId: orgId, slug, title: `${source.title} (copy)`.slice(0, 120), body: source.body, isBuiltin: false },
        select: playbookSelect,
      });
    } catch (err) {
      if ((err as { code?: string }).code !== "P2002") throw err;
    }
  }
  throw new AppError("conflict", "Could not find a free slug for the copy; try again");
}

async function freeSlug(orgId: number, stem: string): Promise<string> {
  const taken = new Set(
    (await db.playbook.findMany({ where: { organizationId: orgId, slug: { startsWith: stem } }, select: { slug: true } })).map((r) => r.slug),
  );
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}
