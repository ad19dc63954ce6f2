// What the command palette finds by name, within one organization: campaigns, projects and playbooks by name, drafts
// by recipient or by "#<id>". Each kind is one short indexed read (the newest first, a few rows), so the palette
// answers while the person types even with hundreds of thousands of drafts.
import { db } from "@/lib/db/client";
import { campaignStateLabel } from "@/lib/campaigns/campaign-state";
import type { SearchQuery, SearchResult } from "@/lib/search/schemas";

const DEFAULT_PER_KIND = 5;

// A draft's state as the inbox's tabs name it.
const DRAFT_STATE_WORDS: Record<string, string> = {
  pending_review: "needs review",
  proposed: "needs review",
  approved: "approved",
  armed: "approved, opened on the platform",
  sent: "sent",
  replied: "replied",
  rejected: "rejected",
};

export async function searchEverything({ orgId, query }: { orgId: number; query: SearchQuery }): Promise<{ results: SearchResult[] }> {
  const take = query.limit ?? DEFAULT_PER_KIND;
  const q = query.q;
  // Prisma hands `contains` to ILIKE as it is: a typed % or _ would match anything, so they are escaped.
  const contains = { contains: q.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" as const };
  const draftId = /^#?(\d{1,10})$/.exec(q)?.[1];
  const [campaigns, projects, playbooks, drafts] = await Promise.all([
    db.campaign.findMany({
      where: { organizationId: orgId, name: contains },
      orderBy: { id: "desc" },
      take,
      select: { id: true, name: true, state: true, project: { select: { name: true } } },
    }),
    db.project.findMany({ where: { organizationId: orgId, name: contains }, orderBy: { id: "desc" }, take, select: { id: true, name: true } }),
    db.playbook.findMany({
      where: { organizationId: orgId, OR: [{ title: contains }, { slug: contains }] },
      orderBy: { id: "desc" },
      take,
      select: { id: true, title: true, slug: true, isBuiltin: true },
    }),
    db.draft.findMany({
      where: { organizationId: orgId, ...(draftId ? { id: Number(draftId) } : { targetUser: contains }) },
      // Newest first along the (organization, id) index: the scan stops after `take` matches.
      orderBy: { id: "desc" },
      take,
      select: { id: true, targetUser: true, state: true, campaign: { select: { name: true } } },
    }),
  ]);
  return {
    results: [
      ...campaigns.map((c) => ({ type: "campaign" as const, id: c.id, label: c.name, detail: `${c.project.name} · ${campaignStateLabel(c.state)}`, href: `/campaigns/${c.id}` })),
      ...projects.map((p) => ({ type: "project" as const, id: p.id, label: p.name, detail: null, href: `/projects/${p.id}` })),
      // The slug is the playbook's id in campaigns and the API; a person reads its title and whose it is.
      ...playbooks.map((p) => ({ type: "playbook" as const, id: p.id, label: p.title || p.slug, detail: p.isBuiltin ? "Built-in playbook" : "Your playbook", href: `/playbooks/${p.id}` })),
      ...drafts.map((d) => ({
        type: "draft" as const,
        id: d.id,
        label: `Draft #${d.id} to ${d.targetUser}`,
        detail: [d.campaign?.name, DRAFT_STATE_WORDS[d.state] ?? d.state.replace(/_/g, " ")].filter(Boolean).join(" · "),
        href: `/inbox?ids=${d.id}&state=all`,
      })),
    ],
  };
}
