// Which runner drafts a reply (SPEC "Reply drafting"; docs/conversations.md "Which runner drafts a reply"): one that
// can run now (lib/runs/resolve-runner.ts resolveRunnableRunner). When none can, the reply is not handed to a run
// that cannot start: the caller records why, in words that say what to do, where the reviewer looks (the thread,
// the inbox, the bell).
import { resolveRunnableRunner } from "@/lib/runs/resolve-runner";
import { runnerLabel } from "@/lib/runners/runner-label";
import { localRunnersAllowed } from "@/lib/runners/runner-policy";

export interface ReplyRunnerChoice {
  /** The runner the drafting run is recorded with: the one that runs it, or the preferred one when none can. */
  runner: string;
  /** Set when no runner can run: the sentence the thread and the notification show. */
  cannotRun: string | null;
}

export async function chooseReplyRunner(scope: { orgId: number; campaignId: number | null; projectId: number | null }): Promise<ReplyRunnerChoice> {
  const choice = await resolveRunnableRunner(scope);
  if (choice.runner !== null) return { runner: choice.runner, cannotRun: null };
  const problem = choice.problem.replace(/\.?\s*$/, ".");
  const next = localRunnersAllowed()
    ? "Set up a runner in Settings > Agent runners (press Re-detect there after installing one), then press Retry on this reply."
    : "Press Retry on this reply once the runner is back.";
  return {
    runner: choice.preferred,
    cannotRun: `No agent runner can draft this reply here, so no drafting run was started. ${runnerLabel(choice.preferred)}: ${problem} No other runner is available either. ${next}`,
  };
}
