// Gives an organization one read-only row per built-in playbook and refreshes their text from playbooks/*.md, so a
// new release's playbooks reach organizations created before it. Rows users made themselves are never touched, even
// one that happens to carry a built-in's slug.
import type { Db, Tx } from "@/lib/db/client";
import { BUILTIN_PLAYBOOKS, loadBuiltinPlaybook } from "@/lib/playbooks/builtin-playbooks";

let cachedFiles: Promise<{ slug: string; title: string; body: string }[]> | undefined;

/** The files are read once per process: they only change with a deploy, which restarts it. */
function builtinFiles() {
  cachedFiles ??= Promise.all(BUILTIN_PLAYBOOKS.map(async (p) => ({ slug: p.slug, title: p.title, body: await loadBuiltinPlaybook(p.slug) }))).catch(
    (err) => {
      cachedFiles = undefined;
      throw err;
    },
  );
  return cachedFiles;
}

/** Forget the cached files (tests that rewrite a playbook file). */
export function forgetBuiltinPlaybookFiles() {
  cachedFiles = undefined;
}

/**
 * Creates the missing built-in rows of an organization and, unless `refresh` is false, rewrites the text of those
 * that differ from the files. Boot refreshes; the paths that merely make sure an organization exists only create.
 */
export async function seedBuiltinPlaybooks(
  client: Tx | Db,
  orgId: number,
  { refresh = true }: { refresh?: boolean } = {},
): Promise<{ created: number; refreshed: number }> {
  const files = await builtinFiles();
  const { count: created } = await client.playbook.createMany({
    data: files.map((f) => ({ organizationId: orgId, slug: f.slug, title: f.title, body: f.body, isBuiltin: true })),
    skipDuplicates: true,
  });
  if (!refresh) return { created, refreshed: 0 };
  const existing = await client.playbook.findMany({
    where: { organizationId: orgId, isBuiltin: true, slug: { in: files.map((f) => f.slug) } },
    select: { id: true, slug: true, title: true, body: true },
  });
  let refreshed = 0;
  for (const row of existing) {
    const file = files.find((f) => f.slug === row.slug)!;
    // Only rows whose text differs are written, so updated_at keeps meaning "the text changed".
    if (row.body === file.body && row.title === file.title) continue;
    await client.playbook.update({ where: { id: row.id }, data: { title: file.title, body: file.body } });
    refreshed += 1;
  }
  return { created, refreshed };
}

/** Boot: every organization, one short transaction each, so a failure in one leaves the others seeded. */
export async function seedBuiltinPlaybooksForAll(client: Db): Promise<number> {
  const orgs = await client.organization.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  for (const org of orgs) await client.$transaction((tx) => seedBuiltinPlaybooks(tx, org.id));
  return orgs.length;
}
