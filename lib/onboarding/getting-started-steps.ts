// Home's Getting started: the four steps from a new organization to its first campaign and its replies. Each step
// links to the page where it is done (the extension's step to its download as well). The card stays until every
// step is done or someone hides it (organizations.getting_started_dismissed_at), so a step skipped on the way
// (the extension, typically) is not forgotten once a campaign exists.

export interface GettingStartedStep {
  key: "project" | "account" | "campaign" | "extension";
  title: string;
  body: string;
  done: boolean;
  /** Where the step is done. */
  href: string;
  /** The words of that link ("Open Projects"). */
  action: string;
  /** A second link where the step has one: the extension's download. */
  extra?: { href: string; label: string; download?: boolean };
}

export interface GettingStartedInput {
  firstProjectId: number | null;
  accounts: number;
  campaigns: number;
  /** Paired extension devices still allowed in. */
  devices: number;
}

export function gettingStartedSteps({ firstProjectId, accounts, campaigns, devices }: GettingStartedInput): GettingStartedStep[] {
  return [
    {
      key: "project",
      title: "Create a project",
      body: "A project is one product or brand: its accounts, templates and campaigns live in it.",
      done: firstProjectId !== null,
      href: "/projects",
      action: "Go to Projects",
    },
    {
      key: "account",
      title: "Add an account",
      body: "The platform identity that sends the project's outreach.",
      done: accounts > 0,
      href: firstProjectId !== null ? `/projects/${firstProjectId}?tab=accounts` : "/projects",
      action: firstProjectId !== null ? "Open the project's accounts" : "Create a project first",
    },
    {
      key: "campaign",
      title: "Create a campaign",
      body: "Who to reach, where, and when: the agent drafts messages for you to review.",
      done: campaigns > 0,
      href: "/campaigns/new",
      action: "New campaign",
    },
    {
      key: "extension",
      title: "Install the browser extension",
      body: "It marks drafts as sent when you send them on the platform, and brings replies back.",
      done: devices > 0,
      href: "/settings#browser-extension",
      action: "Pair it in Settings",
      extra: { href: "/extension.zip", label: "Download the extension", download: true },
    },
  ];
}

/** Whether Home shows the card: some step is left and nobody hid it. */
export function showGettingStarted(steps: GettingStartedStep[], dismissed: boolean): boolean {
  return !dismissed && steps.some((s) => !s.done);
}
