// The demo dataset as plain data: three projects, their accounts, templates, blocklist, campaigns, runs,
// drafts and conversations. Times are expressed in hours before "now" so the dashboard always looks fresh;
// the loader turns them into timestamps and ids.

export type Platform = "forum" | "federated";
export type DraftState = "pending_review" | "proposed" | "approved" | "rejected" | "sent" | "armed" | "replied";
export type DraftKind = "dm" | "post" | "post_comment" | "reply_dm" | "reply_comment";
export type FailureReason = "runner_missing" | "auth_expired" | "quota_exhausted" | "playbook_error" | "network" | "agent_timeout";

export const QUALITY_MODEL = "claude-sonnet-4-5";
export const RUN_MODEL = "claude-sonnet-4-5";

// ---------------------------------------------------------------------------------------------------------
// Projects and what hangs off them
// ---------------------------------------------------------------------------------------------------------

export type ProjectKey = "ticklog" | "oakhollow" | "quietledger";

export interface ProjectSpec {
  key: ProjectKey;
  name: string;
  description: string;
  sourcePath: string | null;
  createdH: number;
}

export const PROJECTS: ProjectSpec[] = [
  {
    key: "ticklog",
    name: "Ticklog",
    description:
      "Open-source time tracker for freelancers and small teams. Ships as a single binary backed by SQLite, with a " +
      "CLI (`tl start`, `tl stop`) and a web UI, and turns tracked hours into per-client invoices. AGPL licensed and " +
      "free to self-host; an optional hosted plan at 4 USD/month pays for development. No screenshots, no activity " +
      "monitoring, by design.",
    sourcePath: "/srv/repos/ticklog",
    createdH: 15 * 24,
  },
  {
    key: "oakhollow",
    name: "Oakhollow Games",
    description:
      "A two-person board-game studio. Currently playtesting Lanternfall, a 2-4 player cooperative game about " +
      "keeping lighthouse lamps lit through a storm season (45 minutes, ages 12+). The print-and-play files are free; " +
      "a small crowdfunding campaign is planned for spring. We want blind playtesters and honest rulebook feedback " +
      "more than followers.",
    sourcePath: null,
    createdH: 14 * 24 + 20,
  },
  {
    key: "quietledger",
    name: "Quiet Ledger",
    description:
      "A weekly newsletter on practical privacy: one tool or setting per issue, tested on real devices, explained " +
      "without jargon. Free, reader-supported, no affiliate links, about 3,800 subscribers. Archive at " +
      "quietledger.example.",
    sourcePath: null,
    createdH: 14 * 24 + 2,
  },
];

export interface AccountSpec {
  project: ProjectKey;
  platform: Platform;
  platformId: string;
  displayName: string;
  isDefault: boolean;
  credentials: { username?: string; password?: string; token?: string };
}

// Credentials are obviously fake placeholders; they are sealed like real ones.
export const ACCOUNTS: AccountSpec[] = [
  {
    project: "ticklog", platform: "forum", platformId: "ticklog_dev", displayName: "Ticklog maintainers", isDefault: true,
    credentials: { username: "ticklog_dev", password: "demo-password-not-real" },
  },
  {
    project: "ticklog", platform: "forum", platformId: "mara_builds", displayName: "Mara (Ticklog contributor)", isDefault: false,
    credentials: { username: "mara_builds", password: "demo-password-not-real" },
  },
  {
    project: "ticklog", platform: "federated", platformId: "ticklog@floss.example", displayName: "Ticklog", isDefault: true,
    credentials: { token: "demo-token-ticklog-not-real" },
  },
  {
    project: "oakhollow", platform: "forum", platformId: "oakhollow_games", displayName: "Oakhollow Games", isDefault: true,
    credentials: { username: "oakhollow_games", password: "demo-password-not-real" },
  },
  {
    project: "oakhollow", platform: "federated", platformId: "oakhollow@tabletop.example", displayName: "Oakhollow Games", isDefault: true,
    credentials: { token: "demo-token-oakhollow-not-real" },
  },
  {
    project: "quietledger", platform: "forum", platformId: "quietledger_ed", displayName: "Quiet Ledger (editor)", isDefault: true,
    credentials: { username: "quietledger_ed", password: "demo-password-not-real" },
  },
  {
    project: "quietledger", platform: "federated", platformId: "quietledger@infosec.example", displayName: "Quiet Ledger", isDefault: true,
    credentials: { token: "demo-token-quietledger-not-real" },
  },
];

export interface TemplateSpec {
  project: ProjectKey;
  kind: "dm" | "comment" | "post";
  title: string;
  body: string;
  isActive: boolean;
}

export const TEMPLATES: TemplateSpec[] = [
  {
    project: "ticklog", kind: "dm", title: "Freelancer asking how to invoice from tracked hours", isActive: true,
    body:
      "Hi, saw your post about turning tracked hours into invoices. Full disclosure, I work on Ticklog, an open-source " +
      "tracker. It exports a per-client breakdown you can attach to an invoice. If a spreadsheet already works for you, " +
      "stick with it; happy to answer questions either way.",
  },
  {
    project: "ticklog", kind: "comment", title: "Self-hosting thread: answer first, mention last", isActive: true,
    body:
      "I run it on a small VPS next to a few other services and it idles at around 30 MB of RAM. Backups are a single " +
      "SQLite file. (I contribute to Ticklog, so weigh that accordingly.)",
  },
  {
    project: "ticklog", kind: "dm", title: "Launch-week intro (old)", isActive: false,
    body: "Hey! We just launched Ticklog 1.0, an open-source time tracker. Would love your feedback!",
  },
  {
    project: "oakhollow", kind: "post", title: "Blind playtest call", isActive: true,
    body:
      "We're a two-person studio looking for groups who have never seen our game to play it from the rulebook alone " +
      "and tell us where they got stuck. Print-and-play is free, the feedback form takes five minutes.",
  },
  {
    project: "oakhollow", kind: "comment", title: "Answering a design question", isActive: true,
    body:
      "We ran into the same thing in our co-op. What helped was giving each player one piece of information nobody " +
      "else can see, so the loudest player can't solve the whole turn alone.",
  },
  {
    project: "quietledger", kind: "comment", title: "How-to answer, newsletter link only at the end", isActive: true,
    body:
      "Short answer first, in two or three steps they can do right now. Only then, if it genuinely helps: \"I wrote " +
      "this up with screenshots in my newsletter, but the steps above are the important part.\"",
  },
  {
    project: "quietledger", kind: "dm", title: "Reader who asked for a plain-language guide", isActive: true,
    body:
      "Hi, you asked for a plain-language guide to this. I covered it in an issue of my newsletter; here is the link, " +
      "no need to subscribe to read it.",
  },
];

export interface BlocklistSpec {
  project: ProjectKey | null;
  type: "user" | "community" | "keyword";
  value: string;
  reason: string;
}

export const BLOCKLIST: BlocklistSpec[] = [
  { project: null, type: "user", value: "automoderator", reason: "Bot account" },
  { project: null, type: "keyword", value: "giveaway", reason: "We never reply in giveaway threads" },
  { project: null, type: "community", value: "politics", reason: "Off topic for every project" },
  { project: "ticklog", type: "user", value: "grumpy_sysadmin", reason: "Asked not to be contacted by tool vendors" },
  { project: "ticklog", type: "community", value: "overemployed", reason: "Time tracking there reads as surveillance" },
  { project: "oakhollow", type: "keyword", value: "kickstarter refund", reason: "Complaint threads, not a place to promote" },
  { project: "quietledger", type: "community", value: "conspiracy", reason: "Not the audience we write for" },
];

// ---------------------------------------------------------------------------------------------------------
// Campaigns and runs
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// Drafts
// ---------------------------------------------------------------------------------------------------------

export interface DraftSpec {
  key: string;
  run: string;
  kind: DraftKind;
  state: DraftState;
  /** Account platformId; defaults to the project's default account on the campaign's platform. */
  account?: string;
  targetUser: string;
  targetCommunity: string | null;
  targetUrl?: string;
  title?: string;
  body: string;
  quality: [number, string] | null;
  /** Hours ago the reviewer acted (approve, reject, edit). */
  reviewH?: number;
  armedH?: number;
  sentH?: number;
  repliedH?: number;
  rejectReason?: string;
  edited?: { previousBody: string; atH: number };
  regenerations?: { hint: string; previousBody: string; atH: number }[];
  /** Key of an earlier draft to the same target, for a dedup warning. */
  dedupOf?: string;
  variant?: { group: string; label: string };
  scheduledInH?: number;
  /** Reply drafts: the thread and the index of the inbound message they answer. */
  replyTo?: { thread: string; message: number };
  /** Reply drafts still waiting for their drafting run. */
  placeholder?: boolean;
}

const post = (community: string, id: string, slug: string) => `https://www.forum.example/r/${community}/comments/${id}/${slug}/`;

export const DRAFTS: DraftSpec[] = [
  // ---- Ticklog, forum scout (DMs) --------------------------------------------------------------------
  {
    key: "d1", run: "a1-1", kind: "dm", state: "replied", targetUser: "freelance_fern", targetCommunity: "freelance",
    targetUrl: post("freelance", "1k9q2a", "what_do_you_use_when_clients_want_weekly"),
    body:
      "Hey, saw your post in r/freelance about clients wanting weekly breakdowns. Full disclosure, I work on Ticklog, an " +
      "open-source tracker. It can export a per-client weekly CSV you can paste straight into an invoice, which sounds " +
      "like what you're after. If you'd rather not install anything, most hosted trackers' free tiers do weekly reports " +
      "fine too. Happy to answer questions either way.",
    quality: [86, "Answers her exact question, discloses the affiliation early and offers a no-install alternative."],
    reviewH: 288, armedH: 287.9, sentH: 287.85, repliedH: 270,
  },
  {
    key: "d2", run: "a1-1", kind: "dm", state: "replied", targetUser: "kettle_and_code", targetCommunity: "selfhosted",
    targetUrl: post("selfhosted", "1k9t7c", "time_tracker_that_doesnt_need_a_subscription"),
    body:
      "Hi, you asked in r/selfhosted about a tracker that doesn't need a subscription. I help maintain Ticklog; it's a " +
      "single binary with SQLite, so it runs fine on a Pi or a small VPS, and there's a docker-compose file in the repo " +
      "if that's your setup. No pressure, it just matched what you described.",
    quality: [82, "Specific to the self-hosting question and low-pressure; could mention resource usage."],
    reviewH: 289, armedH: 288.55, sentH: 288.5, repliedH: 0.05,
  },
  {
    key: "d3", run: "a1-1", kind: "dm", state: "sent", targetUser: "omar_invoices", targetCommunity: "freelance",
    targetUrl: post("freelance", "1ka0x4", "i_spend_every_sunday_rebuilding_my_hours"),
    body:
      "Saw your comment about rebuilding your week from calendar entries every Sunday; I used to do exactly the same. I " +
      "work on Ticklog (open source), which can import calendar events as draft time entries you just confirm. Might " +
      "save you the Sunday. If not, no worries.",
    quality: [79, "Relatable opener tied to his comment; the offer is concrete and easy to ignore."],
    reviewH: 287, armedH: 286.05, sentH: 286,
  },
  {
    key: "d4", run: "a1-3", kind: "dm", state: "sent", account: "mara_builds", targetUser: "pixel_and_pine", targetCommunity: "webdev",
    targetUrl: post("webdev", "1kd3m1", "which_time_trackers_have_a_decent_api"),
    body:
      "Hi, Mara here, one of the Ticklog contributors. You asked which trackers have a usable API: ours is plain REST " +
      "with a token, documented in the repo, and the CLI is built on top of it. It's AGPL and free to run yourself, so " +
      "there's nothing to sign up for if you just want to read the docs.",
    quality: [77, "Direct answer to the API question; slightly long for a first message."],
    reviewH: 152, armedH: 150.1, sentH: 150,
  },
  {
    key: "d5", run: "a1-3", kind: "dm", state: "armed", targetUser: "jules_tracks", targetCommunity: "productivity",
    targetUrl: post("productivity", "1kd5p0", "tracking_focus_time_vs_billable_time"),
    body:
      "Your post about tracking focus time separately from billable time got me thinking. Ticklog lets you tag entries " +
      "as non-billable and the weekly report splits them out. I'm on the team, so take that with a grain of salt, but " +
      "it's open source if you want to poke at it.",
    quality: [74, "Relevant and honest; the opener is a little generic."],
    reviewH: 22, armedH: 20,
  },
  {
    key: "d11", run: "a1-3", kind: "dm", state: "rejected", targetUser: "throwaway_8812", targetCommunity: "productivity",
    body:
      "Hey! Noticed you're into productivity. Have you tried Ticklog? It's a great way to track your time and boost " +
      "your productivity. Let me know what you think!",
    quality: [28, "Generic opener with no reference to the user's post; reads as a cold pitch."],
    reviewH: 168, rejectReason: "Generic, and it's a throwaway account.",
  },
  {
    key: "d13", run: "a1-3", kind: "dm", state: "rejected", targetUser: "grumpy_sysadmin", targetCommunity: "selfhosted",
    targetUrl: post("selfhosted", "1kd6r8", "every_saas_tool_is_500mb_of_electron_now"),
    body: "Saw your rant about bloated SaaS tools. Ticklog is a 12 MB binary with no telemetry, might be up your alley.",
    quality: [41, "On topic, but the user said in the same thread that he doesn't want vendor DMs."],
    reviewH: 166, rejectReason: "He asked not to be pitched; added him to the blocklist.",
  },
  {
    key: "d6", run: "a1-4", kind: "dm", state: "approved", targetUser: "dana_does_design", targetCommunity: "graphic_design",
    targetUrl: post("graphic_design", "1kg1b2", "clients_keep_questioning_my_hours"),
    body:
      "Hi Dana, you mentioned clients pushing back on your hour estimates. What helped a couple of designers I know is " +
      "sending the tracked breakdown per task along with the invoice. Ticklog does that export (disclosure: I work on " +
      "it), though a spreadsheet does the job too.",
    quality: [80, "Leads with a practical tip and keeps the product mention secondary."],
    reviewH: 30, scheduledInH: 18,
  },
  {
    key: "d7", run: "a1-4", kind: "dm", state: "approved", targetUser: "sam_r_consults", targetCommunity: "consulting",
    targetUrl: post("consulting", "1kg2c9", "tracking_time_against_monthly_retainers"),
    body:
      "You asked whether anyone tracks time against a retainer rather than per project. Ticklog treats retainers as a " +
      "first-class thing: you set the monthly hours and it shows what's left. I work on it; free to self-host, the " +
      "hosted plan is 4 USD a month.",
    quality: [76, "Matches the retainer question precisely; the pricing line could wait for a reply."],
    reviewH: 28,
  },
  {
    key: "d8", run: "a1-4", kind: "dm", state: "pending_review", targetUser: "omar_invoices", targetCommunity: "freelance",
    targetUrl: post("freelance", "1kg4d3", "calendar_import_breaks_on_recurring_events"),
    body:
      "Hey again, you mentioned that calendar imports choke on recurring events. Ticklog handles those properly as of " +
      "0.9, so I figured you'd want to know since it came up last time.",
    quality: [54, "Useful update, but it's a second contact within the dedup window with no reply to the first."],
    dedupOf: "d3",
  },
  {
    key: "d9", run: "a1-4", kind: "dm", state: "pending_review", targetUser: "lena_codes", targetCommunity: "productivity",
    targetUrl: post("productivity", "1kg5e7", "a_time_tracker_i_can_drive_from_the_terminal"),
    body:
      "Hi Lena, you asked about a tracker you can drive from the terminal. Ticklog has a CLI (`tl start client-x`, " +
      "`tl stop`) and can pick up the current git branch as the task name. I work on it; it's open source.",
    quality: [83, "Concrete commands that answer the question; the edit removed the salesy opener."],
    edited: {
      atH: 26,
      previousBody:
        "Hi Lena! Ticklog is the best open-source time tracker for developers who hate time tracking. It has a CLI, " +
        "git integration and much more. Try it free today!",
    },
  },
  {
    key: "d10", run: "a1-4", kind: "dm", state: "pending_review", targetUser: "mike_the_contractor", targetCommunity: "freelance",
    targetUrl: post("freelance", "1kg6f2", "tracking_hours_on_job_sites"),
    body:
      "Fair question about tracking on job sites. Honest answer: Ticklog's mobile app isn't ready yet. The web UI works " +
      "in a phone browser but needs signal, so if you mostly log at the end of the day it's fine. I work on it, ask me " +
      "anything.",
    quality: [72, "Honest about the limitation, which fits his situation; slightly abrupt start."],
    regenerations: [
      {
        atH: 27, hint: "Shorter, and don't lead with the product",
        previousBody:
          "Hi Mike! Ticklog is an open-source time tracker that works great for contractors. You can track hours per " +
          "job, export invoices and much more. It even works on your phone. Let me know if you'd like to try it!",
      },
      {
        atH: 25, hint: "Mention the mobile app isn't ready yet",
        previousBody:
          "Tracking on job sites is tricky. Ticklog works in a phone browser and exports per-job invoices. I work on " +
          "it; let me know if you want to try it.",
      },
    ],
  },
  {
    key: "d12", run: "a1-4", kind: "dm", state: "proposed", account: "mara_builds", targetUser: "ravi_builds", targetCommunity: "selfhosted",
    targetUrl: post("selfhosted", "1kg7h5", "anything_that_works_behind_my_own_sso"),
    body:
      "Hi Ravi, Mara from the Ticklog project. You were asking about trackers that can sit behind your own SSO; we " +
      "added OIDC last month and the config is a few environment variables. If you try it and something is off, I'd " +
      "genuinely like to hear about it.",
    quality: [78, "Answers the SSO requirement directly and invites feedback rather than a sale."],
  },

  // ---- Ticklog, federated commenter -------------------------------------------------------------------
  {
    key: "d14", run: "a2-1", kind: "post_comment", state: "replied", targetUser: "hannah@social.example", targetCommunity: "#selfhosted",
    targetUrl: "https://social.example/@hannah/113402211870015532",
    body:
      "I run Ticklog on a 1 GB VPS next to a few other things and it idles at about 30 MB of RAM. Disclosure: I " +
      "contribute to it. If you want something with a longer track record, a couple of the PHP trackers have been " +
      "around for years and are solid too.",
    quality: [88, "Specific numbers, clear disclosure and a fair nod to alternatives."],
    reviewH: 215, sentH: 214, repliedH: 190,
  },
  {
    key: "d15", run: "a2-1", kind: "post_comment", state: "sent", targetUser: "ben@tooting.example", targetCommunity: "#freelance",
    targetUrl: "https://tooting.example/@ben/113402876530117204",
    body:
      "On invoicing from tracked time: Ticklog can turn a date range into a draft invoice PDF. I work on it. It's rough " +
      "around the edges on tax rules outside the EU, so check that before relying on it.",
    quality: [75, "Useful and candid about the limitation; a bit terse."],
    reviewH: 214.5, sentH: 213,
  },
  {
    key: "d18", run: "a2-1", kind: "post_comment", state: "rejected", targetUser: "nico@tooting.example", targetCommunity: "#productivity",
    targetUrl: "https://tooting.example/@nico/113403011452287761",
    body: "Great thread! If you're looking for a time tracker, check out Ticklog, it's open source and free.",
    quality: [33, "Drive-by promotion that ignores what the thread is about."],
    reviewH: 215, rejectReason: "The thread is about burnout, not tools.",
  },
  {
    key: "d16", run: "a2-3", kind: "post_comment", state: "pending_review", targetUser: "yusuf@social.example", targetCommunity: "#freelance",
    targetUrl: "https://social.example/@yusuf/113441987320045518",
    body:
      "On tracking time without feeling watched: what helped me was tracking billable work only and nothing else. " +
      "Ticklog (which I work on) doesn't do screenshots or activity monitoring at all, by design.",
    quality: [81, "Engages with the feeling behind the question before the mention."],
  },
  {
    key: "d17", run: "a2-3", kind: "post_comment", state: "approved", targetUser: "clara@floss.example", targetCommunity: "#foss",
    targetUrl: "https://floss.example/@clara/113442104998871203",
    body:
      "You're right that most trackers assume a 9-to-5 with a running timer. Ticklog lets you log entries after the fact " +
      "with a start and end time, no timer needed. I contribute to it; happy to share my setup.",
    quality: [79, "Agrees with her point and offers a concrete workaround."],
    reviewH: 5,
  },

  // ---- Oakhollow, forum poster ------------------------------------------------------------------------
  {
    key: "d19", run: "b1-1", kind: "post", state: "sent", targetUser: "boardgames", targetCommunity: "boardgames",
    title: "Looking for blind playtesters for a 2-4 player co-op (free print and play)",
    body:
      "We're a two-person studio and we've been playtesting Lanternfall, a co-op about keeping lighthouse lamps lit " +
      "through a storm season, with friends for a year. Friends are too nice. We're looking for groups who have never " +
      "seen it to play from the rulebook alone and tell us where they got stuck.\n\n" +
      "The print-and-play is 9 pages and black-and-white friendly. There's a short form afterwards, about 5 minutes. " +
      "No mailing list signup needed.\n\nHappy to answer rules questions here, though ideally you'd try it without us.",
    quality: [84, "Clear ask, honest context and no pressure; fits the community's playtest-post format."],
    reviewH: 268, sentH: 266,
  },
  {
    key: "d24", run: "b1-1", kind: "post", state: "rejected", targetUser: "gaming", targetCommunity: "gaming",
    title: "Our co-op board game Lanternfall needs YOU!",
    body:
      "Calling all gamers! Lanternfall is the co-op board game you've been waiting for. Grab the free print-and-play " +
      "today and join our community!",
    quality: [31, "Announcement tone in a video-game community that bans self-promotion."],
    reviewH: 270, rejectReason: "Wrong community, and their rules forbid this kind of post.",
  },
  {
    key: "d20", run: "b1-3", kind: "post", state: "approved", targetUser: "tabletopdesign", targetCommunity: "tabletopdesign",
    title: "How do you stop quarterbacking in a co-op?",
    body:
      "One problem we keep hitting with Lanternfall: in every playtest one experienced player ends up running the " +
      "table. We've tried hidden hands and a sand timer on turns. The timer helped; the hidden hands made people feel " +
      "shut out.\n\nFor those who have designed co-ops: what actually worked for you? Not looking for feedback on our " +
      "game specifically, more the general approaches.",
    quality: [90, "A genuine discussion question with what was already tried; the game is incidental."],
    reviewH: 60, scheduledInH: 40,
  },
  {
    key: "d21", run: "b1-3", kind: "post", state: "pending_review", targetUser: "boardgamedesign", targetCommunity: "boardgamedesign",
    title: "What we learned from 40 playtests of a co-op",
    body:
      "After 40 playtests of Lanternfall, three things surprised us: players ignored the optional fog deck, the " +
      "storm track did more for tension than any card, and the rulebook example of play was read more than the rules. " +
      "Happy to go into detail on any of them.",
    quality: [81, "Specific lessons; would be stronger with one concrete number per point."],
    variant: { group: "g1", label: "A" },
  },
  {
    key: "d22", run: "b1-3", kind: "post", state: "pending_review", targetUser: "boardgamedesign", targetCommunity: "boardgamedesign",
    title: "40 playtests in: the three rules we cut from our co-op",
    body:
      "We cut three rules from Lanternfall after 40 playtests: the fog deck (nobody remembered to draw), the lamp oil " +
      "market (too fiddly for the tension it added) and individual win conditions (they turned a co-op into a " +
      "negotiation). Curious what others have cut and regretted.",
    quality: [87, "Concrete, ends with an open question that invites discussion."],
    variant: { group: "g1", label: "B" },
  },
  {
    key: "d23", run: "b1-3", kind: "post", state: "pending_review", targetUser: "boardgamedesign", targetCommunity: "boardgamedesign",
    title: "Cutting rules from a co-op after 40 playtests",
    body:
      "Quick notes from our design journal: removing rules made Lanternfall harder, not easier, because players stopped " +
      "spending turns on bookkeeping and started feeling the storm. Has anyone else seen difficulty go up when they " +
      "simplified?",
    quality: [69, "Interesting angle but vaguer than the other variants."],
    variant: { group: "g1", label: "C" },
  },

  // ---- Oakhollow, federated poster --------------------------------------------------------------------
  {
    key: "d25", run: "b2-1", kind: "post", state: "sent", targetUser: "#boardgamedesign", targetCommunity: "#boardgamedesign",
    body:
      "Design diary, week 31: we removed the fog deck from Lanternfall. It added tension on paper, but in practice " +
      "people forgot to draw from it. The storm track now does that job. Fewer components, same dread. " +
      "#boardgamedesign #tabletop",
    quality: [85, "Reads like a real diary entry: one decision, the reason, no ask."],
    reviewH: 141, sentH: 140,
  },
  {
    key: "d26", run: "b2-1", kind: "post", state: "pending_review", targetUser: "#printandplay", targetCommunity: "#printandplay",
    body:
      "The Lanternfall print-and-play is up, free, 9 pages. If you play it, the thing we most want to know is where " +
      "the rulebook lost you. #boardgamedesign #printandplay",
    quality: [80, "Plain and specific about the feedback wanted; the edit removed the hype."],
    edited: {
      atH: 100,
      previousBody:
        "Exciting news!! The Lanternfall print-and-play is out NOW - grab it free and tell all your friends! " +
        "#boardgames #tabletop #gamedev #indiegames #printandplay",
    },
  },
  {
    key: "d27", run: "b2-1", kind: "post", state: "proposed", targetUser: "#gamedev", targetCommunity: "#gamedev",
    body:
      "Small art question for other designers: our lighthouse tiles read fine in daylight but vanish under warm lamp " +
      "light at a game table. Has anyone found a palette trick that survives both? #boardgamedesign #gamedev",
    quality: [77, "Genuine question that invites replies; no promotion at all."],
  },

  // ---- Quiet Ledger, forum commenter ------------------------------------------------------------------
  {
    key: "d28", run: "c1-1", kind: "post_comment", state: "replied", targetUser: "metadata_marta", targetCommunity: "privacy",
    targetUrl: post("privacy", "1kb2q8", "does_stripping_location_from_photos_actually_work"),
    body:
      "Mostly yes, but it depends on how you share. Both major phone systems have a toggle in the share sheet to drop " +
      "location, and some apps leave it on by default. The reliable check is to send the photo to yourself and open " +
      "it in any EXIF viewer. I wrote the steps up with screenshots in my newsletter (Quiet Ledger) if that helps, but " +
      "the check above is the important part.",
    quality: [89, "Fully answers the question in the comment; the newsletter is a footnote."],
    reviewH: 247, sentH: 246, repliedH: 230,
  },
  {
    key: "d29", run: "c1-1", kind: "post_comment", state: "sent", targetUser: "linux_lurker", targetCommunity: "linux",
    targetUrl: post("linux", "1kb3r1", "least_painful_way_to_move_calendars_off_a_big_provider"),
    body:
      "I did this last year. Export the .ics from the old provider's settings, import it into whatever you're moving " +
      "to, then keep the old calendar read-only for a month so invites don't fall through the cracks. The painful bit " +
      "is shared calendars: those have to be re-shared by hand.",
    quality: [84, "Step-by-step and honest about the hard part; no link needed."],
    reviewH: 246, sentH: 245,
  },
  {
    key: "d30", run: "c1-1", kind: "post_comment", state: "sent", targetUser: "cautious_carl", targetCommunity: "privacy",
    targetUrl: post("privacy", "1kb4s6", "is_a_vpn_enough"),
    body:
      "A VPN moves who can see your traffic from your ISP to the VPN company, and that's about it. It doesn't stop " +
      "tracking through logins, cookies or fingerprinting. If your worry is coffee-shop wifi it helps; if it's ad " +
      "tracking, a content blocker does more.",
    quality: [86, "Accurate, calm and answers the actual question."],
    reviewH: 245.5, sentH: 244,
  },
  {
    key: "d31", run: "c1-3", kind: "post_comment", state: "armed", targetUser: "homelab_hal", targetCommunity: "homelab",
    targetUrl: post("homelab", "1ke8t2", "dns_blocking_broke_my_banking_app"),
    body:
      "Had the same thing. Usually it's one tracking domain the app refuses to work without. Open the query log right " +
      "when the app fails and allowlist that single domain instead of turning blocking off. I covered this in issue 112 " +
      "of Quiet Ledger, but the query-log trick is really all you need.",
    quality: [82, "Practical fix first; the issue reference is optional context."],
    reviewH: 4, armedH: 3,
  },
  {
    key: "d34", run: "c1-3", kind: "post_comment", state: "rejected", targetUser: "newbie_nadia", targetCommunity: "privacy",
    targetUrl: post("privacy", "1ke9u4", "where_do_i_even_start"),
    body: "You should subscribe to Quiet Ledger, it covers all of this every week!",
    quality: [25, "Doesn't answer the question; a bare subscribe pitch."],
    reviewH: 100, rejectReason: "Pure plug. She asked where to start; answer that instead.",
  },
  {
    key: "d32", run: "c1-5", kind: "post_comment", state: "pending_review", targetUser: "linux_lurker", targetCommunity: "linux",
    targetUrl: post("linux", "1kh1v7", "calendar_migration_part_two_shared_calendars"),
    body:
      "Following up on shared calendars: most providers let you subscribe to the old calendar's private .ics link " +
      "during the move, so you keep seeing shared events until people re-invite you. It's read-only, but it bridges " +
      "the gap.",
    quality: [66, "Useful detail, but it's a second reply to the same person within ten days."],
    dedupOf: "d29",
  },
  {
    key: "d33", run: "c1-5", kind: "post_comment", state: "pending_review", targetUser: "quiet_quokka", targetCommunity: "android",
    targetUrl: post("android", "1kh2w3", "why_does_my_phone_suggest_people_from_my_email"),
    body:
      "Your phone is reading your email to guess who you know. You can switch that off: in Settings, look for " +
      "'Suggestions' under search and turn it off for the mail app. Existing suggestions fade after a few days.",
    quality: [85, "Plain-language answer that matches her stated comfort level."],
    regenerations: [
      {
        atH: 30, hint: "Less jargon, she said she's not technical",
        previousBody:
          "That's contact-suggestion inference from the mail client's on-device index. Disable the per-app learning " +
          "toggle in the system search settings and clear the suggestion cache.",
      },
    ],
  },
  {
    key: "d35", run: "c1-5", kind: "post_comment", state: "approved", targetUser: "vlan_victor", targetCommunity: "homelab",
    targetUrl: post("homelab", "1kh3x9", "putting_smart_plugs_on_their_own_network"),
    body:
      "If you're putting the smart plugs on their own network anyway, the cheap win is blocking them from the internet " +
      "entirely and seeing what breaks. Most keep working locally. The ones that don't are the ones worth worrying " +
      "about.",
    quality: [84, "Concrete, testable advice with no promotion."],
    reviewH: 8,
  },

  // ---- Quiet Ledger, federated scout (DMs) --------------------------------------------------------------
  {
    key: "d36", run: "c2-2", kind: "dm", state: "proposed", targetUser: "noor@infosec.example", targetCommunity: "#privacy",
    body:
      "Hi Noor, you asked last week if anyone had a plain-language guide to phone permissions for your parents. Issue " +
      "98 of my newsletter did exactly that: https://quietledger.example/98. No need to subscribe, it reads fine on " +
      "its own.",
    quality: [77, "She asked for a resource, so a direct link is appropriate; short and respectful."],
  },
  {
    key: "d37", run: "c2-2", kind: "dm", state: "pending_review", targetUser: "ivo@floss.example", targetCommunity: "#infosec",
    body:
      "Saw you asking which password manager handles shared family vaults well. I tested four for my newsletter; " +
      "the short version is that the ones with per-item sharing caused the fewest arguments. Happy to send details if " +
      "you want them.",
    quality: [58, "Friendly, but teases the answer instead of giving it."],
  },

  // ---- Reply drafts ---------------------------------------------------------------------------------------
  {
    key: "r1", run: "rr1", kind: "reply_dm", state: "sent", targetUser: "freelance_fern", targetCommunity: "freelance",
    replyTo: { thread: "t1", message: 1 },
    body:
      "Yes: the CLI writes to a local SQLite file and syncs when you're back online, so nothing gets lost on the " +
      "train. The web UI needs the server, but you can run that on your laptop too. If anything breaks, open an issue " +
      "and I'll look at it.",
    quality: [87, "Answers the offline question directly in two sentences."],
    reviewH: 262.2, armedH: 262.05, sentH: 262,
  },
  {
    key: "r2", run: "rr2", kind: "reply_dm", state: "pending_review", targetUser: "freelance_fern", targetCommunity: "freelance",
    replyTo: { thread: "t1", message: 3 },
    body:
      "Glad the import worked. Rounding is per client: open the client's settings and set 'Round to' to 15 minutes. " +
      "It applies on export, so your raw entries stay exact.",
    quality: [91, "Exact steps for her question, short, and keeps the friendly tone of the thread."],
  },
  {
    key: "r3", run: "rr3", kind: "reply_dm", state: "pending_review", targetUser: "kettle_and_code", targetCommunity: "selfhosted",
    replyTo: { thread: "t2", message: 1 }, placeholder: true,
    body: "Drafting a reply to kettle_and_code...",
    quality: null,
  },
  {
    key: "r4", run: "rr4", kind: "reply_comment", state: "approved", targetUser: "metadata_marta", targetCommunity: "privacy",
    replyTo: { thread: "t3", message: 1 },
    body:
      "That matches what I saw: some messaging apps keep it when you send the picture as a file rather than as a photo. " +
      "Sending as a photo usually strips it. Worth re-testing after app updates, they change this more often than you'd " +
      "think.",
    quality: [88, "Confirms her finding and adds the file-vs-photo detail that explains it."],
    reviewH: 200,
  },
  {
    key: "r5", run: "rr5", kind: "reply_comment", state: "sent", targetUser: "hannah@social.example", targetCommunity: "#selfhosted",
    replyTo: { thread: "t4", message: 1 },
    body:
      "Mostly copy the file, but `ticklog backup` takes a consistent snapshot while it's running, so you can put it in " +
      "cron. Restoring is just pointing it at the file.",
    quality: [85, "Precise answer to the backup question with a command she can use."],
    reviewH: 186.3, sentH: 186,
  },
];

// ---------------------------------------------------------------------------------------------------------
// Conversations: one thread per replied draft. Outbound messages carry the key of the draft whose body was
// sent; inbound ones carry their own text.
// ---------------------------------------------------------------------------------------------------------

export interface ThreadSpec {
  key: string;
  parentDraft: string;
  externalId: string;
  messages: ({ dir: "out"; draft: string } | { dir: "in"; body: string; atH: number })[];
}

export const THREADS: ThreadSpec[] = [
  {
    key: "t1", parentDraft: "d1", externalId: "forum:conv:7f3k2q",
    messages: [
      { dir: "out", draft: "d1" },
      {
        dir: "in", atH: 270,
        body:
          "oh nice, does it work offline? I'm on trains half the week and my current one loses entries when the " +
          "connection drops",
      },
      { dir: "out", draft: "r1" },
      {
        dir: "in", atH: 240,
        body:
          "installed it last night, the import from my old csv worked first try. one thing: is there a way to round " +
          "entries to 15 min? one client insists on it",
      },
    ],
  },
  {
    key: "t2", parentDraft: "d2", externalId: "forum:conv:7f3m8w",
    messages: [
      { dir: "out", draft: "d2" },
      {
        dir: "in", atH: 0.05,
        body: "thanks! does it support more than one user? my partner and I share a tiny studio and we'd both log time",
      },
    ],
  },
  {
    key: "t3", parentDraft: "d28", externalId: "forum:comment:t1_mq81az",
    messages: [
      { dir: "out", draft: "d28" },
      {
        dir: "in", atH: 230,
        body:
          "huh, I just tested it and the location was still there when I sent it through my messaging app. thanks for " +
          "the tip about checking it myself",
      },
    ],
  },
  {
    key: "t4", parentDraft: "d14", externalId: "federated:status:113402290114877120",
    messages: [
      { dir: "out", draft: "d14" },
      {
        dir: "in", atH: 190,
        body: "30 MB is tempting. does it have a proper backup story or is it just copy the sqlite file and pray?",
      },
      { dir: "out", draft: "r5" },
    ],
  },
];
