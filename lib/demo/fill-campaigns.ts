// Demo load step: what campaigns work from (templates, blocklist entries) and the campaigns themselves.
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CAMPAIGNS } from "@/lib/demo/campaigns";
import type { DemoPlan } from "@/lib/demo/demo-plan";
import { BLOCKLIST, TEMPLATES } from "@/lib/demo/projects";

export async function fillCampaigns(tx: Tx, plan: DemoPlan): Promise<void> {
  const { orgId, ago } = plan;
  await tx.template.createMany({
    data: TEMPLATES.map((t, i) => ({
      organizationId: orgId, projectId: plan.projectId.get(t.project)!, kind: t.kind, title: t.title, body: t.body, isActive: t.isActive,
      createdAt: ago(14 * 24 - i), updatedAt: ago(t.isActive ? 14 * 24 - i : 9 * 24),
    })),
  });
  await tx.blocklistEntry.createMany({
    data: BLOCKLIST.map((b, i) => ({
      organizationId: orgId, projectId: b.project ? plan.projectId.get(b.project)! : null, type: b.type, value: b.value.trim().toLowerCase(),
      // grumpy_sysadmin went on the list when his draft was rejected (lib/demo/drafts/ticklog.ts, d13).
      reason: b.reason, createdAt: ago(b.value === "grumpy_sysadmin" ? 165.9 : 14 * 24 - i * 5),
    })),
  });
  await tx.campaign.createMany({
    data: CAMPAIGNS.map((s) => ({
      id: plan.campaignId.get(s.key)!, organizationId: orgId, projectId: plan.projectId.get(s.project)!, name: s.name, platform: s.platform,
      skill: s.skill, runner: s.runner, cron: s.cron, config: s.config as Prisma.InputJsonValue, state: s.state, autoPost: s.autoPost,
      createdAt: ago(s.createdH), updatedAt: ago(Math.min(s.createdH, 24 * 6)),
    })),
  });
}
