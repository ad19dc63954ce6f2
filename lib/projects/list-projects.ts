import { db } from "@/lib/db/client";

export async function listProjects({ orgId }: { orgId: number }) {
  const rows = await db.project.findMany({
    where: { organizationId: orgId, archivedAt: null },
    orderBy: { createdAt: "desc" },
    select: {
      id: true, name: true, description: true, sourcePath: true, createdAt: true,
      _count: { select: { accounts: true, campaigns: true } },
    },
  });
  return rows.map(({ _count, ...p }) => ({ ...p, accountCount: _count.accounts, campaignCount: _count.campaigns }));
}
