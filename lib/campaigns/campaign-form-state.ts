// The campaign edit form's values, and the PATCH its Save sends. Save names only the fields the person changed
// since the page was loaded: a form opened before Pause schedule, saved after it with a new name, leaves the campaign
// paused (its State field was not touched, so `state` is not sent). Pure: the form and the tests share it.
import type { CampaignStateValue } from "@/lib/campaigns/campaign-state";
import { extraToJson, isProfileEmpty, parseExtraJson, profileToConfig, splitProfile, type ProfileFormValues } from "@/lib/campaigns/profile-form";
import { followupRowsOf, stepsFromRows, withoutFollowups, type FollowupRow } from "@/lib/followups/followup-form";

export interface CampaignFormState {
  name: string;
  state: CampaignStateValue;
  runner: string;
  /** Null: no schedule. The raw text while a custom cron is typed. */
  cron: string | null;
  autoPost: boolean;
  profile: ProfileFormValues;
  extraJson: string;
  /** The Follow-ups section (docs/sequences.md): stored in the config as `followups`, edited apart from the profile. */
  followups: FollowupRow[];
}

export interface EditableCampaign {
  name: string;
  state: CampaignStateValue;
  runner: string;
  cron: string | null;
  autoPost: boolean;
  config: Record<string, unknown>;
}

export function campaignFormState(c: EditableCampaign): CampaignFormState {
  const { values, extra } = splitProfile(withoutFollowups(c.config));
  return {
    name: c.name, state: c.state, runner: c.runner, cron: c.cron, autoPost: c.autoPost, profile: values, extraJson: extraToJson(extra),
    followups: followupRowsOf(c.config),
  };
}

const cronOf = (cron: string | null) => (cron && cron.trim() ? cron.trim() : null);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the profile part differs from what was loaded (the fields, or the Advanced keys as parsed). */
export function profileChanged(loaded: CampaignFormState, values: CampaignFormState): boolean {
  const extraOf = (text: string) => {
    const parsed = parseExtraJson(text);
    return parsed.ok ? parsed.value : text;
  };
  return !sameJson(loaded.profile, values.profile) || !sameJson(extraOf(loaded.extraJson), extraOf(values.extraJson));
}

/** Whether Save should check the profile: the person changed it and left something in it. */
export function shouldCheckProfile(loaded: CampaignFormState, values: CampaignFormState): boolean {
  return profileChanged(loaded, values) && !isProfileEmpty(values.profile);
}

/** The PATCH body for what changed; empty when nothing did. */
export function campaignPatchFrom(loaded: CampaignFormState, values: CampaignFormState): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (values.name.trim() !== loaded.name.trim()) patch.name = values.name.trim();
  if (values.state !== loaded.state) patch.state = values.state;
  // A changed runner applies to the next runs; past runs keep the runner they ran on.
  if (values.runner !== loaded.runner) patch.runner = values.runner;
  // An empty schedule clears it: the campaign then runs only on demand.
  if (cronOf(values.cron) !== cronOf(loaded.cron)) patch.cron = cronOf(values.cron);
  if (values.autoPost !== loaded.autoPost) patch.autoPost = values.autoPost;
  const followupsChanged = !sameJson(stepsFromRows(loaded.followups), stepsFromRows(values.followups));
  if (profileChanged(loaded, values) || followupsChanged) {
    const extra = parseExtraJson(values.extraJson);
    const steps = stepsFromRows(values.followups);
    patch.config = { ...profileToConfig(values.profile, extra.ok ? extra.value : {}), ...(steps.length > 0 ? { followups: steps } : {}) };
  }
  return patch;
}
