import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { getCampaignOrThrow } from "@/lib/campaigns/get-campaign";
import { assertPlaybookExists } from "@/lib/playbooks/assert-playbook-exists";
import { firstSlot } from "@/lib/campaigns/campaign-schedule";
import { campaignSelect, toCampaignView, type CampaignPatch } from "@/lib/campaigns/schemas";

export async function updateCampaign({ orgId, id, patch }: { orgId: number; id: number; patch: CampaignPatch }) {
  const current = await getCampaignOrThrow({ orgId, id });
  if (patch.autoPost && current.platform !== "federated") {
    throw new AppError("bad_request", "autoPost applies to the federated platform only");
  }
  if (patch.playbookId) await assertPlaybookExists({ orgId, id: patch.playbookId });
  // A new cron, or a campaign that becomes active (Resume, or out of draft), schedules from now on: slots that passed
  // meanwhile are not run.
  const cron = patch.cron !== undefined ? patch.cron : current.cron;
  const reschedule = (patch.cron !== undefined && patch.cron !== current.cron) || (patch.state === "active" && current.state !== "active");
  const row = await db.campaign.update({
    where: { id },
    data: { ...patch, config: patch.config as Prisma.InputJsonValue | undefined, ...(reschedule ? { nextRunAt: firstSlot(cron) } : {}) },
    select: campaignSelect,
  });
  return toCampaignView(row);
}
