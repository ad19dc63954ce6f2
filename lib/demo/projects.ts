// Demo data: the three projects, their platform accounts, message templates and blocklist entries.
// Times are hours before "now"; lib/demo/load.ts turns them into timestamps and ids.

export type Platform = "forum" | "federated";

export type ProjectKey = "ticklog" | "oakhollow" | "quietledger";

/**
 * A project's source as the demo shows it: a Git repository fetched some hours ago. The files are written under the
 * data directory like a real clone's (lib/demo/load.ts), so Auto-extract works on the demo; Fetch again would try the
 * address, which does not exist.
 */
export interface DemoRepositorySource {
  url: string;
  ref: string | null;
  commit: string;
  fetchedH: number;
  files: Record<string, string>;
}

export interface ProjectSpec {
  key: ProjectKey;
  name: string;
  description: string;
  source: DemoRepositorySource | null;
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
    source: {
      url: "https://git.ticklog.example/ticklog/ticklog.git",
      ref: "main",
      commit: "3f9c2a17d0b84e6a9c5f1e2d7b3a4c8e9f0a1b2c",
      fetchedH: 15 * 24 - 1,
      files: {
        "README.md":
          "# Ticklog\n\nTime tracking for freelancers and small teams, in one binary.\n\n- `tl start acme` / `tl stop` from the terminal, or the web UI\n" +
          "- Hours become per-client invoices (PDF, CSV)\n- SQLite file you own; no screenshots, no activity monitoring\n\n" +
          "## Install\n\n```sh\ncurl -fsSL https://ticklog.example/install.sh | sh\n```\n\nAGPL-3.0. A hosted plan (4 USD/month) pays for development.\n",
        "docs/invoicing.md": "# Invoicing\n\nTracked hours are grouped per client and rate. `tl invoice acme --month 2026-10` writes a PDF.\n",
        "go.mod": "module ticklog.example/ticklog\n\ngo 1.23\n",
        "cmd/tl/main.go": "package main\n\n// tl is the Ticklog command line: start, stop, report, invoice.\nfunc main() { run() }\n",
      },
    },
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
    source: null,
    createdH: 14 * 24 + 20,
  },
  {
    key: "quietledger",
    name: "Quiet Ledger",
    description:
      "A weekly newsletter on practical privacy: one tool or setting per issue, tested on real devices, explained " +
      "without jargon. Free, reader-supported, no affiliate links, about 3,800 subscribers. Archive at " +
      "quietledger.example.",
    source: null,
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
