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
  /** The JSON-RPC error code the agent answered a request with, when it answered one with an error. */
  acpErrorCode?: number | null;
}

/**
 * ACP's "auth_required" error code. Agents answer `session/new` or `session/prompt` with it when they have no usable
 * credentials, whatever words they put in the message (the Gemini CLI 0.61 says only "Gemini API key is missing or
 * not configured.").
 */
export const ACP_AUTH_REQUIRED = -32000;

const RUNNER_MISSING = /command not found|\bENOENT\b|no such file or directory/i;
const AUTH = /\bauth(?:entication|orization|orized)?\b|\b(?:401|403)\b|token (?:has )?expired|unauthori[sz]ed|not (?:logged|signed) in|please (?:log|sign) ?in|invalid api key/i;
// Credentials that were never there read differently from ones that expired, but the fix is the same: sign the agent
// in or give it a key. The phrases are the agents' own: Gemini CLI ("Gemini API key is missing or not configured.",
// "you must specify the GEMINI_API_KEY environment variable"), Codex ("Missing environment variable:
// `OPENAI_API_KEY`.", "Missing OpenAI API key."), Claude Code ("Missing API key · Run /login") and the OpenAI SDK.
const MISSING_CREDENTIALS =
  /\b(?:missing|no) (?:[\w-]+ )?api key\b|\bapi key (?:is )?(?:missing|not (?:set|configured|found|provided|available))\b|\bmissing environment variable\b[^\n]*(?:API_KEY|TOKEN)\b|\b(?:specify|set) (?:the )?(?:environment variable )?`?[A-Z][A-Z0-9]*_(?:API_KEY|TOKEN)\b|\brun \/login\b/i;
const QUOTA = /\bquota\b|rate[ -]?limit|too many requests|\b429\b|usage limit|credit balance/i;
const NODE_FRAME = /^\s+at (?:.+ \()?(?:\/|[A-Za-z]:\\|node:|file:)[^)\n]*:\d+:\d+\)?\s*$/m;
const PYTHON_TRACE = /Traceback \(most recent call last\):/;
const NETWORK = /ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|getaddrinfo|fetch failed|socket hang up/;

/** Whether a text says credentials were refused, expired or missing: the `auth_expired` rule's reading of it. */
export function mentionsAuthFailure(text: string): boolean {
  return AUTH.test(text) || MISSING_CREDENTIALS.test(text);
}

export function classifyFailure(f: FailureFacts): Exclude<RunFailureReason, "playbook_incomplete" | "cancelled"> {
  if (f.timedOut) return "agent_timeout";
  const text = f.texts.join("\n");
  const nonZero = f.exitCode !== null && f.exitCode !== 0;
  if (nonZero && RUNNER_MISSING.test(text)) return "runner_missing";
  if (f.acpErrorCode === ACP_AUTH_REQUIRED || mentionsAuthFailure(text)) return "auth_expired";
  if (QUOTA.test(text)) return "quota_exhausted";
  if (nonZero && (NODE_FRAME.test(text) || PYTHON_TRACE.test(text))) return "playbook_error";
  if (NETWORK.test(text)) return "network";
  if (f.exitedEarly && f.stopReason === null) return "agent_crashed";
  return "unknown";
}
