// Creates a campaign not started (`draft`, no next slot until it becomes active: lib/campaigns/update-campaign.ts) or,
// when the creator chose to, `active` with its first slot from now on. The runner is snapshotted here (SPEC 1.3): later changes to defaults
// never move an existing campaign to another runner. It must be one this edition offers (the cloud edition: cloud).
import { db } from "@/lib/db/client";
import { firstSlot } from "@/lib/campaigns/campaign-schedule";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { assertRunnerOffered } from "@/lib/runners/runner-policy";
import { assertPlaybookExists } from "@/lib/playbooks/assert-playbook-exists";
import { isNameTaken, nameTaken } from "@/lib/campaigns/name-taken";
import { campaignSelect, toCampaignView, type CampaignInput } from "@/lib/campaigns/schemas";

export async function createCampaign({ orgId, input }: { orgId: number; input: CampaignInput }) {
  assertRunnerOffered(input.runner);
  await getProjectOrThrow({ orgId, id: input.projectId });
  if (input.playbookId) await assertPlaybookExists({ orgId, id: input.playbookId });
  const state = input.state ?? "draft";
  try {
    const row = await db.campaign.create({
      data: {
        organizationId: orgId,
        projectId: input.projectId,
        name: input.name,
        platform: input.platform,
        skill: input.skill,
        runner: input.runner,
        cron: input.cron ?? null,
        state,
        nextRunAt: state === "active" ? firstSlot(input.cron ?? null) : null,
        config: (input.config ?? {}) as Prisma.InputJsonValue,
        autoPost: input.autoPost ?? false,
        playbookId: input.playbookId ?? null,
      },
      select: campaignSelect,
    });
    return toCampaignView(row);
  } catch (err) {
    throw isNameTaken(err) ? nameTaken(input.name) : err;
  }
}
