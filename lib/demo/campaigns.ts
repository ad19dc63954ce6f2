// Demo data: each project's campaigns, and the runs they and reply drafting went through.
// Start times are hours before "now", so the dashboard always looks fresh.
import type { Platform, ProjectKey } from "@/lib/demo/projects";

export type FailureReason = "runner_missing" | "auth_expired" | "quota_exhausted" | "playbook_error" | "network" | "agent_timeout";

export const RUN_MODEL = "claude-sonnet-4-5";

export type CampaignKey = "a1" | "a2" | "b1" | "b2" | "c1" | "c2";

export interface CampaignSpec {
  key: CampaignKey;
  project: ProjectKey;
  name: string;
  platform: Platform;
  skill: string;
  runner: string;
  cron: string | null;
  state: "draft" | "active";
  autoPost: boolean;
  createdH: number;
  config: Record<string, unknown>;
}

export const CAMPAIGNS: CampaignSpec[] = [
  {
    key: "a1", project: "ticklog", name: "Freelancers shopping for a time tracker", platform: "forum", skill: "forum-scout",
    runner: "claude-code", cron: "0 9 * * 1-5", state: "active", autoPost: false, createdH: 13 * 24 + 6,
    config: {
      audience: "Freelancers and one-to-three person agencies who bill by the hour and are unhappy with their current tracker (price, lock-in, no offline mode).",
      communities: ["freelance", "productivity", "selfhosted", "webdev", "consulting"],
      tone: "Plain, first person, short. Answer the question they asked before mentioning Ticklog. No exclamation marks.",
      offer: "Free to self-host; hosted plan 4 USD/month. Mention the CSV import from other trackers when switching cost comes up.",
      rules: [
        "Only DM people who asked for a recommendation in the last 7 days",
        "Say you work on Ticklog in the first two sentences",
        "One message; no follow-up unless they reply",
        "Skip anyone who says they already picked a tool",
      ],
      maxDraftsPerRun: 6,
    },
  },
  {
    key: "a2", project: "ticklog", name: "Self-hosting conversations", platform: "federated", skill: "federated-commenter",
    runner: "claude-code", cron: "30 13 * * 2,4", state: "active", autoPost: false, createdH: 12 * 24 + 21,
    config: {
      audience: "Homelab and self-hosting people asking what to run for time tracking or invoicing.",
      communities: ["#selfhosted", "#homelab", "#freelance", "#foss"],
      tone: "Conversational, concrete numbers (RAM, disk), mention alternatives when they fit better.",
      offer: "Single binary, SQLite, ~30 MB RAM idle, docker-compose file in the repo.",
      rules: [
        "Reply only to posts that ask a question",
        "Never reply to accounts marked as bots",
        "Disclose that you contribute to Ticklog",
        "No hashtags in replies",
      ],
      maxDraftsPerRun: 4,
    },
  },
  {
    key: "b1", project: "oakhollow", name: "Lanternfall playtest call", platform: "forum", skill: "forum-poster",
    runner: "claude-code", cron: "0 17 * * 5", state: "active", autoPost: false, createdH: 12 * 24,
    config: {
      audience: "Board gamers who enjoy co-ops and like giving rulebook feedback; designers discussing playtesting.",
      communities: ["boardgames", "tabletopdesign", "boardgamedesign", "printandplay"],
      tone: "Humble, specific about what we need, no hype words. It's fine to admit what's not working.",
      offer: "Free print-and-play (9 pages, black-and-white friendly) and a 5-minute feedback form.",
      rules: [
        "At most one post per community per month",
        "Respect each community's self-promotion rules; prefer discussion posts over announcements",
        "Never ask for upvotes or follows",
      ],
      maxDraftsPerRun: 3,
    },
  },
  {
    key: "b2", project: "oakhollow", name: "Weekly design diary", platform: "federated", skill: "federated-poster",
    runner: "claude-code", cron: "0 10 * * 1", state: "draft", autoPost: false, createdH: 8 * 24 + 7,
    config: {
      audience: "Tabletop designers and players following indie studios on the fediverse.",
      communities: ["#boardgamedesign", "#tabletop", "#printandplay", "#gamedev"],
      tone: "Design-diary voice: one decision per post, what we tried and why it failed.",
      offer: "Nothing to sell yet; link the print-and-play at most once a month.",
      rules: ["One post per week", "Two or three hashtags, no more", "Alt text on every image"],
      maxDraftsPerRun: 2,
    },
  },
  {
    key: "c1", project: "quietledger", name: "Privacy how-to threads", platform: "forum", skill: "forum-commenter",
    runner: "claude-code", cron: "0 8 * * 1-5", state: "active", autoPost: false, createdH: 13 * 24 + 3,
    config: {
      audience: "Non-technical people asking practical privacy questions about phones, email and home networks.",
      communities: ["privacy", "linux", "homelab", "android"],
      tone: "Answer fully in the comment itself; plain words; the newsletter is a footnote, not the point.",
      offer: "Free weekly newsletter, no affiliate links; link a specific issue only when it has screenshots that help.",
      rules: [
        "The comment must be useful with the link removed",
        "Link the newsletter in at most one comment out of three",
        "No fear-mongering; say when something is fine",
      ],
      maxDraftsPerRun: 5,
    },
  },
  {
    key: "c2", project: "quietledger", name: "Readers who already asked", platform: "federated", skill: "federated-scout",
    runner: "codex", cron: "0 12 * * 3", state: "draft", autoPost: false, createdH: 5 * 24,
    config: {
      audience: "People on the fediverse who explicitly asked for a plain-language privacy guide or resource.",
      communities: ["#privacy", "#infosec", "#digitalrights"],
      tone: "Brief and direct; give the answer in the DM, link only if they asked for reading material.",
      offer: "Link to one specific past issue; never ask them to subscribe.",
      rules: ["DM only people who asked for resources", "Never cold-DM", "No follow-ups"],
      maxDraftsPerRun: 3,
    },
  },
];

export type RunKind = "campaign" | "campaign_skill_generation" | "reply_drafting";

export interface RunSpec {
  key: string;
  campaign: CampaignKey | null;
  project: ProjectKey;
  kind: RunKind;
  status: "success" | "failed" | "running";
  failureReason?: FailureReason;
  startH: number;
  trigger: "schedule" | "manual" | "reply";
  runner?: string;
  /** For skill-generation runs: what happened to the generated profile. */
  tuning?: "adopted" | "discarded" | "applied";
}

export const RUNS: RunSpec[] = [
  // Ticklog / forum scout
  { key: "a1-gen", campaign: "a1", project: "ticklog", kind: "campaign_skill_generation", status: "success", startH: 13 * 24 + 5, trigger: "manual", tuning: "adopted" },
  { key: "a1-1", campaign: "a1", project: "ticklog", kind: "campaign", status: "success", startH: 12 * 24 + 3, trigger: "schedule" },
  { key: "a1-2", campaign: "a1", project: "ticklog", kind: "campaign", status: "failed", failureReason: "auth_expired", startH: 10 * 24 + 3, trigger: "schedule" },
  { key: "a1-3", campaign: "a1", project: "ticklog", kind: "campaign", status: "success", startH: 7 * 24 + 3, trigger: "schedule" },
  { key: "a1-4", campaign: "a1", project: "ticklog", kind: "campaign", status: "success", startH: 2 * 24 + 3, trigger: "schedule" },
  { key: "a1-5", campaign: "a1", project: "ticklog", kind: "campaign", status: "running", startH: 0.01, trigger: "manual" },
  // Ticklog / federated commenter
  { key: "a2-gen", campaign: "a2", project: "ticklog", kind: "campaign_skill_generation", status: "success", startH: 12 * 24 + 20, trigger: "manual", tuning: "adopted" },
  { key: "a2-1", campaign: "a2", project: "ticklog", kind: "campaign", status: "success", startH: 9 * 24 + 2, trigger: "schedule" },
  { key: "a2-2", campaign: "a2", project: "ticklog", kind: "campaign", status: "failed", failureReason: "network", startH: 5 * 24 + 2, trigger: "schedule" },
  { key: "a2-3", campaign: "a2", project: "ticklog", kind: "campaign", status: "success", startH: 1 * 24 + 2, trigger: "schedule" },
  // Oakhollow / forum poster
  { key: "b1-1", campaign: "b1", project: "oakhollow", kind: "campaign", status: "success", startH: 11 * 24 + 8, trigger: "manual" },
  { key: "b1-2", campaign: "b1", project: "oakhollow", kind: "campaign", status: "failed", failureReason: "quota_exhausted", startH: 6 * 24 + 8, trigger: "schedule" },
  { key: "b1-3", campaign: "b1", project: "oakhollow", kind: "campaign", status: "success", startH: 3 * 24 + 8, trigger: "schedule" },
  // Oakhollow / federated poster (still a draft campaign; one manual run)
  { key: "b2-gen", campaign: "b2", project: "oakhollow", kind: "campaign_skill_generation", status: "success", startH: 8 * 24 + 6, trigger: "manual", tuning: "discarded" },
  { key: "b2-1", campaign: "b2", project: "oakhollow", kind: "campaign", status: "success", startH: 6 * 24 + 4, trigger: "manual" },
  // Quiet Ledger / forum commenter
  { key: "c1-gen", campaign: "c1", project: "quietledger", kind: "campaign_skill_generation", status: "success", startH: 13 * 24 + 1, trigger: "manual", tuning: "applied" },
  { key: "c1-1", campaign: "c1", project: "quietledger", kind: "campaign", status: "success", startH: 10 * 24 + 10, trigger: "schedule" },
  { key: "c1-2", campaign: "c1", project: "quietledger", kind: "campaign", status: "failed", failureReason: "agent_timeout", startH: 8 * 24 + 10, trigger: "schedule" },
  { key: "c1-3", campaign: "c1", project: "quietledger", kind: "campaign", status: "success", startH: 4 * 24 + 10, trigger: "schedule" },
  { key: "c1-4", campaign: "c1", project: "quietledger", kind: "campaign", status: "failed", failureReason: "playbook_error", startH: 3 * 24 + 10, trigger: "schedule" },
  { key: "c1-5", campaign: "c1", project: "quietledger", kind: "campaign", status: "success", startH: 1 * 24 + 10, trigger: "schedule" },
  // Quiet Ledger / federated scout, on a runner that was not installed the first time
  { key: "c2-1", campaign: "c2", project: "quietledger", kind: "campaign", status: "failed", failureReason: "runner_missing", startH: 4 * 24 + 1, trigger: "manual", runner: "codex" },
  { key: "c2-2", campaign: "c2", project: "quietledger", kind: "campaign", status: "success", startH: 2 * 24 + 1, trigger: "manual", runner: "codex" },
  // Reply drafting, one per captured inbound reply
  { key: "rr1", campaign: null, project: "ticklog", kind: "reply_drafting", status: "success", startH: 269.98, trigger: "reply" },
  { key: "rr2", campaign: null, project: "ticklog", kind: "reply_drafting", status: "success", startH: 239.98, trigger: "reply" },
  { key: "rr3", campaign: null, project: "ticklog", kind: "reply_drafting", status: "running", startH: 0.04, trigger: "reply" },
  { key: "rr4", campaign: null, project: "quietledger", kind: "reply_drafting", status: "success", startH: 229.98, trigger: "reply" },
  { key: "rr5", campaign: null, project: "ticklog", kind: "reply_drafting", status: "success", startH: 189.98, trigger: "reply" },
];
