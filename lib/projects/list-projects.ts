import { db } from "@/lib/db/client";
import { toProjectView } from "@/lib/projects/schemas";
import { sourceSelect } from "@/lib/sources/source-view";

export async function listProjects({ orgId }: { orgId: number }) {
  const rows = await db.project.findMany({
    where: { organizationId: orgId, archivedAt: null },
    orderBy: { createdAt: "desc" },
    select: {
      id: true, name: true, description: true, createdAt: true, ...sourceSelect,
      _count: { select: { accounts: true, campaigns: true } },
    },
  });
  return rows.map(({ _count, ...p }) => ({ ...toProjectView(p), accountCount: _count.accounts, campaignCount: _count.campaigns }));
}
