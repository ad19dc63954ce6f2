// followup-tick: drafts the follow-ups that are due (docs/sequences.md). Each minute it arms the sent messages of
// campaigns with follow-up steps (their next step's due time), then takes the due ones one at a time with
// FOR UPDATE SKIP LOCKED: a message is followed up once however many instances tick. The drafting runs are started
// and not waited for.
import { unsafeArmFollowups } from "@/lib/followups/arm-followups";
import { unsafeDraftDueFollowups } from "@/lib/followups/draft-due-followups";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";
import type { StopReason } from "@/lib/followups/followup-stop-reason";

export interface FollowupTickResult {
  armed: number;
  ended: number;
  drafted: number;
  stopped: Partial<Record<StopReason, number>>;
  followupIds: number[];
}

export async function followupTick({ now, log, orgIds }: JobContext): Promise<FollowupTickResult> {
  const arm = await unsafeArmFollowups({ now, orgIds });
  const { done, ...drafted } = await unsafeDraftDueFollowups({ now, orgIds });
  // Each run records its own end; the tick does not wait for the agents.
  for (const d of done) d.catch(() => undefined);
  const result = { ...arm, ...drafted };
  if (arm.armed || arm.ended || drafted.drafted || Object.keys(drafted.stopped).length) log.info("followup-tick", { ...result });
  return result;
}

export const followupTickJob: JobDefinition<FollowupTickResult> = {
  id: "followup-tick",
  cron: "* * * * *",
  description: "Drafts follow-ups to sent DMs and comments that got no reply after the campaign's follow-up days",
  run: followupTick,
};
