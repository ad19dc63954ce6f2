import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/http/errors";
import { getCampaignOrThrow } from "@/lib/campaigns/get-campaign";
import { assertRunnerOffered } from "@/lib/runners/runner-policy";
import { assertPlaybookExists } from "@/lib/playbooks/assert-playbook-exists";
import { firstSlot } from "@/lib/campaigns/campaign-schedule";
import { isNameTaken, nameTaken } from "@/lib/campaigns/name-taken";
import { endCampaignFollowups, rearmCampaignFollowups } from "@/lib/followups/arm-followups";
import { followupStepsOf } from "@/lib/followups/followup-steps";
import { campaignSelect, toCampaignView, type CampaignPatch } from "@/lib/campaigns/schemas";

/**
 * Applies only the fields the patch names: a patch without `state` never changes the state (saving a rename keeps a
 * paused campaign paused). The state rule for the schedule: only an active campaign has a next slot (`nextRunAt`);
 * a draft or paused one has none, so every page and the API read "next run" the same way.
 */
export async function updateCampaign({ orgId, id, patch }: { orgId: number; id: number; patch: CampaignPatch }) {
  const current = await getCampaignOrThrow({ orgId, id });
  // The runner must be one this edition offers (the cloud edition: cloud), whatever the campaign had.
  if (patch.runner !== undefined) assertRunnerOffered(patch.runner);
  if (patch.autoPost && current.platform !== "federated") {
    throw new AppError("bad_request", "autoPost applies to the federated platform only");
  }
  if (patch.playbookId) await assertPlaybookExists({ orgId, id: patch.playbookId });
  const state = patch.state ?? current.state;
  const cron = patch.cron !== undefined ? patch.cron : current.cron;
  // A new cron, or a campaign that becomes active (Resume, or out of draft), schedules from now on: slots that passed
  // meanwhile are not run. Leaving `active` drops the next slot.
  const reschedule = (patch.cron !== undefined && patch.cron !== current.cron) || (state === "active" && current.state !== "active");
  const nextRunAt = state !== "active" ? { nextRunAt: null } : reschedule ? { nextRunAt: firstSlot(cron) } : {};
  let count: number;
  try {
    ({ count } = await db.campaign.updateMany({
      where: { id, organizationId: orgId },
      data: { ...patch, config: patch.config as Prisma.InputJsonValue | undefined, ...nextRunAt },
    }));
  } catch (err) {
    throw isNameTaken(err) && patch.name ? nameTaken(patch.name) : err;
  }
  if (count === 0) throw notFound("Campaign");
  // Follow-ups (docs/sequences.md): pausing stops the ones not drafted yet for good; new steps re-arm the waiting ones.
  if (state === "paused" && current.state !== "paused") {
    await endCampaignFollowups(db, { orgId, campaignId: id, now: new Date(), reason: "campaign_paused" });
  } else if (patch.config !== undefined && JSON.stringify(followupStepsOf(patch.config)) !== JSON.stringify(followupStepsOf(current.config))) {
    await rearmCampaignFollowups(db, { orgId, campaignId: id });
  }
  const row = await db.campaign.findFirstOrThrow({ where: { id, organizationId: orgId }, select: campaignSelect });
  return toCampaignView(row);
}
