// How much of its source storage an organization uses: the unpacked bytes of every handed-over source its projects
// hold now (a folder on the server is the operator's disk, not the tenant's, and does not count). The tree a new
// upload replaces is removed as soon as the new one is in force, so the figure is what stays on disk.
import { db, type Tx } from "@/lib/db/client";
import { getResourceAllowance } from "@/lib/organizations/get-resource-allowance";

export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
  projects: number;
  maxProjects: number;
}

/** Bytes of the organization's handed-over sources, leaving out one project's (the one about to be replaced). */
export async function sourceBytesInUse({ orgId, exceptProjectId, tx = db }: { orgId: number; exceptProjectId?: number; tx?: Tx | typeof db }): Promise<number> {
  const sum = await tx.project.aggregate({
    where: { organizationId: orgId, sourceKind: { in: ["archive", "repository"] }, ...(exceptProjectId ? { id: { not: exceptProjectId } } : {}) },
    _sum: { sourceBytes: true },
  });
  return sum._sum.sourceBytes ?? 0;
}

export async function getStorageUsage({ orgId }: { orgId: number }): Promise<StorageUsage> {
  const [usedBytes, projects, allowance] = await Promise.all([
    sourceBytesInUse({ orgId }),
    db.project.count({ where: { organizationId: orgId } }),
    getResourceAllowance({ orgId }),
  ]);
  return { usedBytes, quotaBytes: allowance.quotaBytes, projects, maxProjects: allowance.maxProjects };
}
