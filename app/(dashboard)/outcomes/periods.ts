// The Outcomes page's periods, in days back from today (the page reads them on the server, the filters offer them).
export const PERIODS = [
  { value: "28", label: "Last 4 weeks" },
  { value: "84", label: "Last 12 weeks" },
  { value: "182", label: "Last 26 weeks" },
  { value: "364", label: "Last 52 weeks" },
];

export const DEFAULT_PERIOD = "84";

export type OutcomeFilterValues = { period: string; campaignId: string; playbook: string; runner: string };
