// The one map from a failure code (SPEC 7's run failure taxonomy, and the refusals a draft can meet) to the words a
// person reads. Pages show the label and keep the code in a tooltip, for support and for the API's callers.
export const FAILURE_LABELS: Record<string, string> = {
  runner_missing: "Agent not available",
  runner_unavailable: "Agent not available",
  auth_expired: "Sign-in expired",
  quota_exhausted: "Quota or rate limit reached",
  playbook_error: "Playbook crashed",
  playbook_incomplete: "Playbook did not finish",
  network: "Network unreachable",
  agent_crashed: "Agent exited unexpectedly",
  agent_timeout: "Agent timed out",
  unknown: "Unknown failure",
  cancelled: "Cancelled",
  blocklisted: "On the blocklist",
  upstream_error: "Platform error",
};

/** The label of a failure code; an unknown code reads as itself with underscores turned into spaces. */
export function failureLabel(code: string): string {
  return FAILURE_LABELS[code] ?? code.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}
