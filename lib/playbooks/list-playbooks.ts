import { db } from "@/lib/db/client";
import { playbookExcerpt } from "@/lib/playbooks/schemas";

/** Built-ins first (in the order they ship), then the organization's own by title. Bodies are not sent, only an excerpt. */
export async function listPlaybooks({ orgId }: { orgId: number }) {
  const rows = await db.playbook.findMany({
    where: { organizationId: orgId },
    orderBy: [{ isBuiltin: "desc" }, { title: "asc" }, { id: "asc" }],
    select: {
      id: true, slug: true, title: true, body: true, isBuiltin: true, updatedAt: true,
      _count: { select: { campaigns: true } },
    },
  });
  return rows.map(({ body, _count, ...row }) => ({
    ...row,
    bodyLength: body.length,
    excerpt: playbookExcerpt(body),
    campaignCount: _count.campaigns,
  }));
}
