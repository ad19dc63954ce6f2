// A campaign's state, said the same way wherever it shows: the badge, the edit form, Home's counts and the list's
// filter. `draft` and `active` are the spec's states (SPEC 3 "Campaign states"); `paused` is an active campaign whose
// schedule a person stopped (docs/jobs.md). Only an active campaign runs on its schedule; Run now works in any state.
// The API keeps the spec's values; a person reads `draft` as "Not started", since "draft" is the product's word for
// a message waiting for review and "1 draft" on Home must never be a campaign.
export const CAMPAIGN_STATES = ["draft", "active", "paused"] as const;
export type CampaignStateValue = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_STATE_LABELS: Record<CampaignStateValue, string> = {
  draft: "Not started",
  active: "Active",
  paused: "Paused",
};

/** What each state means for the schedule, in the words the edit form's State field uses as help. */
export const CAMPAIGN_STATE_HELP: Record<CampaignStateValue, string> = {
  draft: "Not on its schedule yet. Adopting a generated profile, Start schedule, or choosing Active starts it.",
  active: "Runs on its schedule.",
  paused: "Its schedule is stopped until you resume it; slots that pass meanwhile are not run.",
};

export function isCampaignState(value: unknown): value is CampaignStateValue {
  return typeof value === "string" && (CAMPAIGN_STATES as readonly string[]).includes(value);
}

export function campaignStateLabel(state: string): string {
  return isCampaignState(state) ? CAMPAIGN_STATE_LABELS[state] : state;
}

export type CampaignStateCounts = Record<CampaignStateValue, number>;

/** Home's line under the campaign count: "2 active, 1 paused, 3 not started"; states with none are left out. */
export function describeStateCounts(counts: CampaignStateCounts): string {
  const parts = [
    counts.active ? `${counts.active} active` : null,
    counts.paused ? `${counts.paused} paused` : null,
    counts.draft ? `${counts.draft} not started` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(", ") : "none yet";
}
