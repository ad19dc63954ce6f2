import { Badge, type BadgeTone } from "./badge";
import { Spinner } from "./button";

const STATUS_TONE: Record<string, BadgeTone> = { running: "primary", success: "success", failed: "danger" };

export function RunStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONE[status] ?? "neutral"}>
      {status === "running" ? <Spinner className="mr-1 size-3" /> : null}
      {status}
    </Badge>
  );
}

// Reasons the user can act on (sign in again, wait for quota) read as warnings; the rest as failures.
const REASON_TONE: Record<string, BadgeTone> = {
  auth_expired: "warning",
  quota_exhausted: "warning",
  runner_missing: "warning",
  cancelled: "neutral",
};

export const FAILURE_REASON_LABELS: Record<string, string> = {
  runner_missing: "Runner missing",
  auth_expired: "Auth expired",
  quota_exhausted: "Quota exhausted",
  playbook_error: "Playbook error",
  playbook_incomplete: "Playbook incomplete",
  network: "Network",
  agent_crashed: "Agent crashed",
  agent_timeout: "Agent timeout",
  unknown: "Unknown",
  cancelled: "Cancelled",
};

/** The failure-reason chip of SPEC 7 ("The campaign page shows it as a chip"). */
export function FailureReasonChip({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Badge tone={REASON_TONE[reason] ?? "danger"} title={`failure_reason: ${reason}`} className="font-mono">
      {reason}
    </Badge>
  );
}

export const RUN_KIND_LABELS: Record<string, string> = {
  campaign: "Campaign run",
  campaign_skill_generation: "Profile generation",
  project_extraction: "Project extraction",
  reply_drafting: "Reply drafting",
  draft_regeneration: "Draft regeneration",
  project_insights: "Project insights",
};

/** What started a run, as the run history says it: the schedule, a person, a retry, the daily briefs, the API. */
const TRIGGER_LABELS: Record<string, string> = {
  schedule: "Scheduled",
  manual: "Run now",
  retry: "Retry",
  cron: "Daily pass",
  api: "API",
};

export function RunTriggerBadge({ trigger }: { trigger: string }) {
  return <Badge tone={trigger === "schedule" ? "primary" : "neutral"}>{TRIGGER_LABELS[trigger] ?? trigger}</Badge>;
}

// Run costs are often fractions of a cent: keep up to four decimals below a dollar so a cheap run does not read
// as free, and the usual two above it.
const usdSmall = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars; null is "—": the run's backend or model has no price table (SPEC 2 "Cost"), which is not zero. */
export function formatUsd(value: number | null): string {
  if (value === null) return "—";
  if (Math.abs(value) < 1) return usdSmall.format(value);
  return usd.format(value);
}

export function formatTokens(n: number | null): string {
  if (n === null) return "—";
  return n.toLocaleString("en-US");
}

/** "4.2 s", "3 m 05 s", "1 h 02 m" between two instants; null while the run is still going. */
export function formatDuration(startedAt: string, finishedAt: string | null): string | null {
  if (!finishedAt) return null;
  const ms = Math.max(0, new Date(finishedAt).getTime() - new Date(startedAt).getTime());
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} m ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} m`;
}
