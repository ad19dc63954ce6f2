import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { playbookSelect } from "@/lib/playbooks/schemas";

export async function getPlaybookOrThrow({ orgId, id }: { orgId: number; id: number }) {
  const row = await db.playbook.findFirst({
    where: { id, organizationId: orgId },
    select: { ...playbookSelect, _count: { select: { campaigns: true } } },
  });
  if (!row) throw notFound("Playbook");
  const { _count, ...playbook } = row;
  return { ...playbook, campaignCount: _count.campaigns };
}
