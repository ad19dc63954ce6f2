// Creates a campaign in `draft` state. The runner is snapshotted here (SPEC 1.3): later changes to defaults
// never move an existing campaign to another runner.
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { assertPlaybookExists } from "@/lib/playbooks/assert-playbook-exists";
import { firstSlot } from "@/lib/campaigns/campaign-schedule";
import { campaignSelect, toCampaignView, type CampaignInput } from "@/lib/campaigns/schemas";

export async function createCampaign({ orgId, input }: { orgId: number; input: CampaignInput }) {
  await getProjectOrThrow({ orgId, id: input.projectId });
  if (input.playbookId) await assertPlaybookExists({ orgId, id: input.playbookId });
  const row = await db.campaign.create({
    data: {
      organizationId: orgId,
      projectId: input.projectId,
      name: input.name,
      platform: input.platform,
      skill: input.skill,
      runner: input.runner,
      cron: input.cron ?? null,
      nextRunAt: firstSlot(input.cron ?? null),
      config: (input.config ?? {}) as Prisma.InputJsonValue,
      autoPost: input.autoPost ?? false,
      playbookId: input.playbookId ?? null,
    },
    select: campaignSelect,
  });
  return toCampaignView(row);
}
