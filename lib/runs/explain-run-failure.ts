// A failed run's reason (SPEC 7 "Run failure taxonomy") in words a person can act on: what went wrong and how to fix
// it. The campaign page's failure notice and Settings > Agent runners both read it, so the two never disagree.
import { CLOUD_RUNNER, findLocalBackend } from "@/lib/runners/backends";
import { runnerLabel } from "@/lib/runners/runner-label";
import { runnerSignInFix } from "@/lib/runners/runner-sign-in-fix";
import { localRunnersAllowed } from "@/lib/runners/runner-policy";
import { isCloudEdition } from "@/lib/edition/edition";

/** Whose credentials an `auth_expired` run lacked: the agent runner's own, or a platform account's (a tool said so). */
export type AuthFailureSource = "runner" | "account";

export interface RunFailureExplanation {
  /** What failed, as one sentence. */
  summary: string;
  /** What to do about it, as one or two sentences. */
  fix: string;
  /** Where the fix is made, when it is a page of the dashboard. */
  action: { label: string; href: string } | null;
}

export interface ExplainRunFailureInput {
  failureReason: string;
  runner: string;
  /** For `auth_expired`; a runner's sign-in when not known. */
  authSource?: AuthFailureSource | null;
  /** The run's project, for the account fix. */
  projectId?: number | null;
  /** The run's campaign, for "choose another runner". */
  campaignId?: number | null;
  /** The account the platform refused, when known: the fix links straight to it. */
  failedAccount?: { id: number; handle: string } | null;
}

export function explainRunFailure({ failureReason, runner, authSource, projectId, campaignId, failedAccount }: ExplainRunFailureInput): RunFailureExplanation {
  const label = runnerLabel(runner);
  const settings = { label: "Open settings", href: "/settings" };
  const log = "Open the run's log to see what the agent said last";
  switch (failureReason) {
    case "auth_expired":
      if (authSource === "account" && projectId && failedAccount) {
        return {
          summary: `The platform refused the sign-in of the account ${failedAccount.handle}: its session or token has expired.`,
          fix: "Reconnect the account with new credentials, then run again.",
          action: { label: `Reconnect ${failedAccount.handle}`, href: `/projects/${projectId}?tab=accounts&account=${failedAccount.id}#account-${failedAccount.id}` },
        };
      }
      if (authSource === "account") {
        return {
          summary: "A platform account's sign-in was refused: its session or token has expired.",
          fix: "Reconnect the account in the project's Accounts tab, then run again.",
          action: projectId ? { label: "Open accounts", href: `/projects/${projectId}?tab=accounts` } : null,
        };
      }
      return {
        summary: `${label} could not sign in: it has no API key, or its sign-in has expired.`,
        fix: `${runnerSignInFix(runner)} Then run again.`,
        action: settings,
      };
    case "runner_missing":
      // The cloud edition's customers cannot set variables or install CLIs: they are told what they can do.
      if (runner !== CLOUD_RUNNER.slug && !localRunnersAllowed()) {
        return {
          summary: `${label} is not offered on this service.`,
          fix: "Choose Cloud as this campaign's agent, then run again.",
          action: campaignId ? { label: "Choose another agent", href: `/campaigns/${campaignId}#edit-campaign-runner` } : null,
        };
      }
      if (runner === CLOUD_RUNNER.slug && isCloudEdition()) {
        return {
          summary: "The cloud agent was not available when the run started.",
          fix: "Run again in a few minutes; if it keeps failing, contact support.",
          action: null,
        };
      }
      if (runner === CLOUD_RUNNER.slug) {
        return {
          summary: "The cloud runner is not set up on this server.",
          fix: "Set `OUTREACH_CLOUD_RELAY_URL` and `OUTREACH_CLOUD_TOKEN` and restart the dashboard, or choose a local runner for this campaign.",
          action: campaignId ? { label: "Choose another agent", href: `/campaigns/${campaignId}#edit-campaign-runner` } : settings,
        };
      }
      return {
        summary: `${label} could not be started on this server.`,
        fix: `Install it (${findLocalBackend(runner)?.installHint ?? "see Settings > Agent runners"}), or choose another runner for this campaign.`,
        action: campaignId ? { label: "Choose another agent", href: `/campaigns/${campaignId}#edit-campaign-runner` } : settings,
      };
    case "quota_exhausted":
      return {
        summary: `${label} ran into a quota or rate limit.`,
        fix: "Wait for the limit to reset, or raise it with the provider, then run again.",
        action: null,
      };
    case "network":
      return {
        summary: "The agent could not reach a service it needed.",
        // The service's network is the operator's, not a cloud customer's.
        fix: isCloudEdition()
          ? "Run again in a few minutes; if it keeps failing, contact support."
          : "Check this server's connection to the internet and its proxy settings (`HTTPS_PROXY`), then run again.",
        action: null,
      };
    case "agent_timeout":
      return {
        summary: "The agent did not finish in time and was stopped.",
        fix: `${log} and where it was slow. Asking for fewer drafts per run in the campaign profile shortens a run.`,
        action: null,
      };
    case "playbook_error":
      return {
        summary: "The playbook crashed with an error.",
        fix: "Open the run's log for the stack trace, correct the playbook or the campaign profile it reads, then run again.",
        action: { label: "Open playbooks", href: "/playbooks" },
      };
    case "playbook_incomplete":
      return {
        summary: "The agent stopped without finishing the playbook.",
        fix: `${log}; a playbook that ends without calling its finish step, or a profile that leaves nothing to do, ends this way.`,
        action: null,
      };
    case "agent_crashed":
      return {
        summary: `${label} exited unexpectedly.`,
        fix: isCloudEdition() ? `${log}, then run again. If it keeps happening, contact support.` : `${log}, then run again. If it keeps happening, update the CLI.`,
        action: null,
      };
    default:
      return {
        summary: "The run failed for a reason the dashboard could not tell.",
        fix: `${log} and its errors.`,
        action: null,
      };
  }
}
