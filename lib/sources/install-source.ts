// Makes a staged tree a project's source together with its row: under a per-project lock (two uploads at once end
// with the files and the row of the same one), the organization's storage quota is checked one last time
// (storage-room.ts), the tree is swapped in atomically (managed-source-dir.ts) and the row updated in one
// transaction; the replaced trees are removed afterwards.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { installTree, pruneTrees } from "@/lib/sources/managed-source-dir";
import { assertStorageRoom } from "@/lib/sources/storage-room";

export async function lockProjectSource(tx: Tx, orgId: number, projectId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`project-source:${orgId}:${projectId}`}))`;
}

export async function installSource({ orgId, projectId, tree, data, what }: {
  orgId: number;
  projectId: number;
  tree: string;
  data: Prisma.ProjectUncheckedUpdateInput & { sourceBytes: number };
  /** "The archive", "The repository": opens a refusal. */
  what: string;
}) {
  const row = await db.$transaction(async (tx) => {
    await lockProjectSource(tx, orgId, projectId);
    const found = await tx.project.findFirst({ where: { id: projectId, organizationId: orgId, archivedAt: null }, select: { id: true } });
    if (!found) throw notFound("Project");
    await assertStorageRoom(tx, { orgId, projectId, bytes: data.sourceBytes, what });
    await installTree(orgId, projectId, tree);
    return tx.project.update({ where: { id: projectId }, data, select: { id: true } });
  });
  await pruneTrees(orgId, projectId);
  return row;
}
