// How a run ended, in one sentence a customer reads the same way everywhere: the run page's last line, the campaign's
// run history, Home's recent runs and the notifications. Pure (pages and the notification writer share it).
import { failureLabel } from "@/lib/format/failure-labels";
import { count } from "@/lib/runs/tool-words/helpers";

export interface RunOutcomeInput {
  kind: string;
  status: string;
  failureReason: string | null;
  draftCount: number;
  /** The agent's own summary (`run_finish {summary}`), when it gave one. */
  summary?: string | null;
}

/** What each kind of run does when it succeeds. */
const DONE_BY_KIND: Record<string, string> = {
  campaign_skill_generation: "Wrote a campaign profile",
  project_extraction: "Wrote the project description",
  reply_drafting: "Drafted a reply",
  followup_drafting: "Drafted a follow-up",
  draft_regeneration: "Rewrote the draft",
  project_insights: "Wrote the project brief",
};

/** "Drafted 3 messages", "Finished: nothing new to draft", "Stopped: Sign-in expired", "Cancelled", "Running". */
export function describeRunOutcome(run: RunOutcomeInput): string {
  if (run.status === "running") return "Running";
  if (run.status === "failed") return run.failureReason === "cancelled" ? "Cancelled" : `Stopped: ${failureLabel(run.failureReason ?? "unknown")}`;
  if (run.kind === "campaign") return run.draftCount > 0 ? `Drafted ${count(run.draftCount, "message")}` : "Finished: nothing new to draft";
  return DONE_BY_KIND[run.kind] ?? "Finished";
}

/** The run page's closing line: the agent's summary when it gave one, else the outcome. */
export function describeRunEnding(run: RunOutcomeInput): string {
  const summary = run.summary?.trim();
  if (run.status === "success" && summary) return `Finished: ${summary}`;
  return describeRunOutcome(run);
}
