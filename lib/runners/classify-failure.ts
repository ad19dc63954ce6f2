// The run failure classifier (SPEC 7, "Run failure taxonomy"). It reads what the run said (stderr, agent messages,
// failed tool calls, errors) and how the process ended. The rules are checked in the table's order, so
// `runner_missing` outranks `playbook_error` (a missing binary also prints a stack-trace-like ENOENT).
// `playbook_incomplete` and `cancelled` are decided by the dispatcher, not here.
import type { RunFailureReason } from "@/lib/runs/commit-run-terminal";

export interface FailureFacts {
  exitCode: number | null;
  /** The ACP stop reason of the prompt, when the agent answered it. */
  stopReason: string | null;
  timedOut: boolean;
  /** The process ended by itself before answering the prompt (as opposed to an error answer or our stopping it). */
  exitedEarly: boolean;
  /** Texts the agent produced: stderr lines, messages, failed tool outputs, error messages. */
  texts: string[];
}

const RUNNER_MISSING = /command not found|\bENOENT\b|no such file or directory/i;
const AUTH = /\bauth(?:entication|orization|orized)?\b|\b(?:401|403)\b|token (?:has )?expired|unauthori[sz]ed|not logged in|please (?:log|sign) ?in|invalid api key/i;
const QUOTA = /\bquota\b|rate[ -]?limit|too many requests|\b429\b|usage limit|credit balance/i;
const NODE_FRAME = /^\s+at (?:.+ \()?(?:\/|[A-Za-z]:\\|node:|file:)[^)\n]*:\d+:\d+\)?\s*$/m;
const PYTHON_TRACE = /Traceback \(most recent call last\):/;
const NETWORK = /ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|getaddrinfo|fetch failed|socket hang up/;

export function classifyFailure(f: FailureFacts): Exclude<RunFailureReason, "playbook_incomplete" | "cancelled"> {
  if (f.timedOut) return "agent_timeout";
  const text = f.texts.join("\n");
  const nonZero = f.exitCode !== null && f.exitCode !== 0;
  if (nonZero && RUNNER_MISSING.test(text)) return "runner_missing";
  if (AUTH.test(text)) return "auth_expired";
  if (QUOTA.test(text)) return "quota_exhausted";
  if (nonZero && (NODE_FRAME.test(text) || PYTHON_TRACE.test(text))) return "playbook_error";
  if (NETWORK.test(text)) return "network";
  if (f.exitedEarly && f.stopReason === null) return "agent_crashed";
  return "unknown";
}
