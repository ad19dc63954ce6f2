// A tool call of the run log as a person reads it: a label ("Checked 8 people against your contact history") and a
// one-line result, from the call's real input and answer. Agents name our tools their own way
// (`mcp__outreach__drafts_create`, `drafts_create (outreach MCP Server)`, a bare `name`), so the tool is found by its
// name anywhere in the title; a tool that is not ours (the agent's own file, shell or web tools) gets words from its
// ACP kind, and its raw title stays in the expanded row.
import { TOOL_WORDS } from "@/lib/runs/tool-call-words";
import type { ToolFacts } from "@/lib/runs/tool-words/helpers";

export interface ToolCallInput {
  name: string | null;
  title: string;
  toolKind: string | null;
  status: "pending" | "in_progress" | "completed" | "failed";
  input: unknown;
  output: string | null;
  rawOutput: unknown;
}

export interface ToolCallWords {
  /** The tool of the agent tool server this call was, or null for another tool. */
  toolName: string | null;
  label: string;
  result: string | null;
}

const KNOWN = Object.keys(TOOL_WORDS).sort((a, b) => b.length - a.length);

const PATTERNS = KNOWN.map((tool) => [tool, new RegExp(`(?:^|[^A-Za-z0-9_]|__)${tool}(?![A-Za-z0-9_])`)] as const);

/** Our tool's name in however the agent wrote it, or null. Longer names are tried first (`drafts_get` vs a longer one). */
export function ourToolName(name: string | null, title: string): string | null {
  for (const text of [name, title]) {
    if (!text) continue;
    for (const [tool, pattern] of PATTERNS) if (pattern.test(text)) return tool;
  }
  return null;
}

/** An answer as an object: our tools answer one JSON document, carried as rawOutput, MCP content or plain text. */
export function parseToolOutput(rawOutput: unknown, text: string | null): Record<string, unknown> | null {
  const asObject = (v: unknown): Record<string, unknown> | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  const fromText = (t: unknown): Record<string, unknown> | null => {
    if (typeof t !== "string" || !/^\s*\{/.test(t)) return null;
    try {
      return asObject(JSON.parse(t));
    } catch {
      return null;
    }
  };
  const raw = asObject(rawOutput);
  // An MCP result passed through whole: {content: [{type: "text", text}], structuredContent?}.
  if (raw && Array.isArray(raw.content)) return asObject(raw.structuredContent) ?? fromText(raw.content.map((c) => (c as { text?: unknown })?.text ?? "").join(""));
  if (raw) return raw;
  if (Array.isArray(rawOutput)) return fromText(rawOutput.map((c) => (c as { text?: unknown })?.text ?? "").join(""));
  return fromText(rawOutput) ?? fromText(text);
}

// The agent's own tools, by ACP tool kind: what it is doing, what it did, and what it could not do.
const KIND_WORDS: Record<string, [doing: string, done: string, attempt: string]> = {
  read: ["Reading a file", "Read a file", "read a file"],
  edit: ["Editing a file", "Edited a file", "edit a file"],
  delete: ["Deleting a file", "Deleted a file", "delete a file"],
  move: ["Moving a file", "Moved a file", "move a file"],
  search: ["Searching", "Searched", "search"],
  execute: ["Running a command", "Ran a command", "run a command"],
  fetch: ["Fetching a web page", "Fetched a web page", "fetch a web page"],
  think: ["Thinking it over", "Thought it over", "think it over"],
  switch_mode: ["Changing mode", "Changed mode", "change mode"],
};
const OTHER_TOOL: [string, string, string] = ["Using a tool", "Used a tool", "use a tool"];

/** The first line of a tool's answer, without the error code our tools put first ("upstream_error: …"). */
export function firstLine(text: string | null, max = 160): string | null {
  const line = (text ?? "").split("\n").map((l) => l.trim()).find(Boolean);
  if (!line) return null;
  const words = line.replace(/^[a-z]+(?:_[a-z]+)*: /, "");
  if (/^internal_error\b/.test(line)) return "Something went wrong on the service's side; it was logged.";
  return words.length > max ? `${words.slice(0, max - 1).trimEnd()}…` : words;
}

export function describeToolCall(call: ToolCallInput): ToolCallWords {
  const toolName = ourToolName(call.name, call.title);
  const input = call.input && typeof call.input === "object" && !Array.isArray(call.input) ? (call.input as Record<string, unknown>) : {};
  const facts: ToolFacts = { input, output: parseToolOutput(call.rawOutput, call.output), text: call.output };
  const words = toolName ? TOOL_WORDS[toolName]! : null;
  const finished = call.status === "completed" || call.status === "failed";

  if (call.status === "failed") {
    const attempt = words ? words.attempt(facts) : (KIND_WORDS[call.toolKind ?? ""] ?? OTHER_TOOL)[2];
    return { toolName, label: `Could not ${attempt}`, result: firstLine(call.output) };
  }
  if (words) {
    const label = finished ? words.done(facts) : words.doing(facts);
    return { toolName, label, result: finished && words.result ? safe(() => words.result!(facts)) : null };
  }
  const [doing, done] = KIND_WORDS[call.toolKind ?? ""] ?? OTHER_TOOL;
  return { toolName, label: finished ? done : doing, result: finished ? firstLine(call.output) : null };
}

function safe(f: () => string | null): string | null {
  try {
    return f();
  } catch {
    return null;
  }
}
