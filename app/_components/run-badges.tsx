import { formatCost } from "@/lib/format/cost";
import { FAILURE_LABELS, failureLabel } from "@/lib/format/failure-labels";
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

/** The one label map (lib/format/failure-labels.ts); kept under this name for the pages that import it. */
export const FAILURE_REASON_LABELS = FAILURE_LABELS;

/** The failure-reason chip of SPEC 7 ("The campaign page shows it as a chip"): words, with the code in the tooltip. */
export function FailureReasonChip({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Badge tone={REASON_TONE[reason] ?? "danger"} title={`failure_reason: ${reason}`}>
      <span data-failure-code={reason}>{failureLabel(reason)}</span>
    </Badge>
  );
}

export const RUN_KIND_LABELS: Record<string, string> = {
  campaign: "Campaign run",
  campaign_skill_generation: "Profile generation",
  project_extraction: "Project extraction",
  reply_drafting: "Reply drafting",
  followup_drafting: "Follow-up drafting",
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

export function triggerLabel(trigger: string): string {
  return TRIGGER_LABELS[trigger] ?? trigger;
}

export function RunTriggerBadge({ trigger }: { trigger: string }) {
  return <Badge tone={trigger === "schedule" ? "primary" : "neutral"}>{triggerLabel(trigger)}</Badge>;
}

/** Dollars through the one cost formatter (lib/format/cost.ts); null is "—" (not priced), which is not zero. */
export function formatUsd(value: number | null): string {
  return formatCost(value);
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
