// How an agent's `session/request_permission` is answered (docs/security.md, "Processes"). Pure: the ACP runner
// (here and on the relay) asks it with the request and what the agent said earlier about the same tool call.
//
// - `auto` (SPEC "Agent runners": permission requests are auto-allowed) picks an allow option;
// - `strict` allows only the tools of the dashboard's own tool server and answers everything else with a reject
//   option: the agent's shell, file, edit, search and web tools never run with our consent.
//
// What each real backend says about a tool call of an MCP server named `outreach` (checked against their sources):
// - claude-agent-acp: the `tool_call` update has `name` and `title` `mcp__outreach__<tool>`, `kind: "other"` and
//   `_meta.claudeCode.toolName`; the permission request repeats the title (without kind or name). Its built-in tools
//   have their own names (`Bash`, `Read`, `Edit`, ...) and kinds (`execute`, `read`, `edit`, ...), and titles made
//   from their input (a command line, "Read /path"), so a title alone could be made to look like ours: names and
//   kinds decide whenever the agent sent them.
// - Gemini CLI: the permission request comes first, with `kind: "other"` and the title `<tool> (outreach MCP Server)`
//   and no name; its own tools have kinds `read`, `edit`, `execute`, `search`, `fetch`.
// - the scripted fake agent (e2e/fixtures): like claude-agent-acp.
import type * as acp from "@agentclientprotocol/sdk";
import { TOOL_SERVER_NAME } from "@/lib/mcp/tool-server-name";

export type PermissionPolicy = "auto" | "strict";

/** What the agent told about one tool call before asking (its `tool_call` update and later `tool_call_update`s). */
export interface SeenToolCall {
  names: string[];
  kinds: string[];
  titles: string[];
}

export interface PermissionAnswer {
  allowed: boolean;
  /** The option answered, null when none fitted (then the answer is `cancelled`). */
  optionId: string | null;
  /** The tool call as the run log names it. */
  title: string;
  response: acp.RequestPermissionResponse;
}

const TOOL_NAME = "[a-z0-9_]+";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `mcp__outreach__run_start`: the name (and title) claude-agent-acp and the fake agent give our tools. */
function qualifiedName(server: string): RegExp {
  return new RegExp(`^mcp__${escape(server)}__${TOOL_NAME}$`);
}

/** `run_start (outreach MCP Server)`: the title Gemini CLI gives our tools. */
function geminiTitle(server: string): RegExp {
  return new RegExp(`^${TOOL_NAME} \\(${escape(server)} MCP Server\\)$`);
}

/** Records what a `tool_call` or `tool_call_update` said, to judge a later permission request of that call. */
export function noteToolCall(seen: Map<string, SeenToolCall>, update: { toolCallId: string; title?: string | null; name?: string | null; kind?: string | null; _meta?: Record<string, unknown> | null }): void {
  const entry = seen.get(update.toolCallId) ?? { names: [], kinds: [], titles: [] };
  addFacts(entry, update);
  seen.set(update.toolCallId, entry);
}

function addFacts(entry: SeenToolCall, t: { title?: string | null; name?: string | null; kind?: string | null; _meta?: Record<string, unknown> | null }): void {
  const metaName = (t._meta?.claudeCode as { toolName?: unknown } | undefined)?.toolName;
  for (const name of [t.name, typeof metaName === "string" ? metaName : null]) if (name && !entry.names.includes(name)) entry.names.push(name);
  if (t.kind && !entry.kinds.includes(t.kind)) entry.kinds.push(t.kind);
  if (t.title && !entry.titles.includes(t.title)) entry.titles.push(t.title);
}

/**
 * Whether a tool call is one of the dashboard's own tools. Every kind the agent gave must be `other` (MCP tools have
 * no other kind); every name it gave must be `mcp__<server>__<tool>`; without any name, every title must be ours in
 * one of the forms above. Anything unknown is refused.
 */
export function isOwnToolCall(facts: SeenToolCall, server = TOOL_SERVER_NAME): boolean {
  if (facts.kinds.some((k) => k !== "other")) return false;
  const qualified = qualifiedName(server);
  if (facts.names.length > 0) return facts.names.every((n) => qualified.test(n));
  const gemini = geminiTitle(server);
  return facts.titles.length > 0 && facts.titles.every((t) => qualified.test(t) || gemini.test(t));
}

export function answerPermission(
  policy: PermissionPolicy,
  params: Pick<acp.RequestPermissionRequest, "toolCall" | "options">,
  seen?: SeenToolCall,
  server = TOOL_SERVER_NAME,
): PermissionAnswer {
  const call = params.toolCall;
  const title = (call.title ?? seen?.titles.at(-1) ?? seen?.names[0] ?? call.toolCallId).slice(0, 200);
  const facts: SeenToolCall = { names: [...(seen?.names ?? [])], kinds: [...(seen?.kinds ?? [])], titles: [...(seen?.titles ?? [])] };
  addFacts(facts, call as Parameters<typeof addFacts>[1]);
  const allowed = policy === "auto" || isOwnToolCall(facts, server);
  const pick = (...kinds: acp.PermissionOptionKind[]) => {
    for (const kind of kinds) {
      const option = params.options.find((o) => o.kind === kind);
      if (option) return option;
    }
    return undefined;
  };
  // A refusal takes the one-off reject first: "always" could be written into the agent's own settings.
  const option = allowed ? (pick("allow_once", "allow_always") ?? (policy === "auto" ? params.options[0] : undefined)) : pick("reject_once", "reject_always");
  return {
    allowed,
    optionId: option?.optionId ?? null,
    title,
    response: option ? { outcome: { outcome: "selected", optionId: option.optionId } } : { outcome: { outcome: "cancelled" } },
  };
}
