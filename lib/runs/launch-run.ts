// Starts the agent for a committed run row in the background. The promise settles when the run is terminal; routes
// drop it, tests and the CLI wait on it.
import { log } from "@/lib/log/logger";
import { dispatchRun, type DispatchOutcome } from "@/lib/runners/dispatch-run";
import { toolServerUrl } from "@/lib/runners/tool-server-url";

export interface LaunchRunInput {
  orgId: number;
  runId: number;
  token: string;
  /** Defaults to this instance's /api/mcp (or OUTREACH_TOOL_SERVER_URL). */
  toolServerUrl?: string;
  timeoutMs?: number;
}

export function launchRun({ orgId, runId, token, ...opts }: LaunchRunInput): Promise<DispatchOutcome> {
  const done = dispatchRun({ orgId, runId, token, toolServerUrl: opts.toolServerUrl ?? toolServerUrl(), timeoutMs: opts.timeoutMs });
  done.catch((err) => log.error("run dispatch failed", { runId, error: (err as Error).message }));
  return done;
}
