// Turns a run's stored events into what the log view draws (SPEC 1.4): streamed message chunks coalesced into one
// assistant bubble per turn, each tool call paired with its updates as one row, lifecycle markers as dividers.
// Pure, so the coalescing rules are unit-tested and the live view can rebuild after every appended event.
import type { RunLogEvent } from "@/lib/events/types";
import { describeToolCall } from "@/lib/runs/describe-tool-call";

export type ToolStatus = "pending" | "in_progress" | "completed" | "failed";

export type LogItem =
  | { kind: "message"; key: string; text: string; messageId: string | null; tUs: number; endUs: number }
  | { kind: "thought"; key: string; text: string; tUs: number }
  | {
      kind: "tool";
      key: string;
      toolCallId: string;
      title: string;
      name: string | null;
      toolKind: string | null;
      status: ToolStatus;
      input: unknown;
      output: string | null;
      rawOutput: unknown;
      tUs: number;
      /** When the last update arrived: the row shows the call's duration once it completed or failed. */
      endUs: number | null;
      /** The call in words ("Drafted 3 messages (2 DMs, 1 comment)"), its one-line result, and which of our tools it was. */
      label: string;
      result: string | null;
      toolName: string | null;
    }
  | { kind: "lifecycle"; key: string; phase: string; detail: string | null; stopReason: string | null; exitCode: number | null; tUs: number }
  | { kind: "stderr"; key: string; lines: string[]; tUs: number }
  | { kind: "usage"; key: string; inputTokens: number | null; outputTokens: number | null; costUsd: number | null; used: number | null; size: number | null; tUs: number }
  | { kind: "plan"; key: string; entries: { content: string; status: string }[]; tUs: number };

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const TOOL_STATUSES: readonly string[] = ["pending", "in_progress", "completed", "failed"];
const toolStatus = (v: unknown): ToolStatus | null => (typeof v === "string" && TOOL_STATUSES.includes(v) ? (v as ToolStatus) : null);

/**
 * Adds newly received events to a log, keeping it ordered by seq with each seq once. The live view gets events
 * from the stream and from catch-up fetches after a reconnect; the two overlap.
 */
export function mergeRunEvents(existing: readonly RunLogEvent[], incoming: readonly RunLogEvent[]): RunLogEvent[] {
  if (incoming.length === 0) return existing as RunLogEvent[];
  const seen = new Set(existing.map((e) => e.seq));
  const fresh = incoming.filter((e) => {
    if (seen.has(e.seq)) return false;
    seen.add(e.seq);
    return true;
  });
  if (fresh.length === 0) return existing as RunLogEvent[];
  const out = [...existing, ...fresh];
  // Appends in order are the common case; sort only when something arrived late.
  const last = existing.length ? existing[existing.length - 1]!.seq : -Infinity;
  if (fresh.some((e, i) => e.seq < (i === 0 ? last : fresh[i - 1]!.seq))) out.sort((a, b) => a.seq - b.seq);
  return out;
}

export function buildRunLog(events: readonly RunLogEvent[]): LogItem[] {
  const items: LogItem[] = [];
  const tools = new Map<string, Extract<LogItem, { kind: "tool" }>>();
  // The bubble message chunks are appended to; null once the turn ended.
  let openMessage: Extract<LogItem, { kind: "message" }> | null = null;

  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  for (const ev of ordered) {
    const p = ev.payload ?? {};
    const tUs = ev.tUs;
    const last = items[items.length - 1];

    switch (ev.type) {
      case "message_chunk": {
        const text = str(p.text) ?? "";
        const messageId = str(p.messageId);
        // A new messageId is a new message even without a tool call in between; a missing id continues the turn.
        const sameMessage = openMessage && (messageId === null || openMessage.messageId === null || openMessage.messageId === messageId);
        if (openMessage && sameMessage) {
          openMessage.text += text;
          openMessage.endUs = tUs;
          openMessage.messageId ??= messageId;
        } else {
          openMessage = { kind: "message", key: `m-${ev.seq}`, text, messageId, tUs, endUs: tUs };
          items.push(openMessage);
        }
        break;
      }
      case "thought": {
        // Thought chunks stream like message chunks; consecutive ones read as one block.
        const text = str(p.text) ?? "";
        if (last?.kind === "thought") last.text += text;
        else items.push({ kind: "thought", key: `th-${ev.seq}`, text, tUs });
        break;
      }
      case "tool_call": {
        openMessage = null;
        const id = str(p.toolCallId) ?? `seq-${ev.seq}`;
        const existing = tools.get(id);
        if (existing) {
          // Some backends repeat tool_call to refine it; it stays one row.
          existing.title = str(p.title) ?? existing.title;
          existing.name = str(p.name) ?? existing.name;
          existing.toolKind = str(p.kind) ?? existing.toolKind;
          existing.status = toolStatus(p.status) ?? existing.status;
          if (p.rawInput !== undefined) existing.input = p.rawInput;
          break;
        }
        const row: Extract<LogItem, { kind: "tool" }> = {
          kind: "tool",
          key: `t-${id}`,
          toolCallId: id,
          title: str(p.title) ?? str(p.name) ?? "Tool call",
          name: str(p.name),
          toolKind: str(p.kind),
          status: toolStatus(p.status) ?? "pending",
          input: p.rawInput,
          output: null,
          rawOutput: undefined,
          tUs,
          endUs: null,
          label: "",
          result: null,
          toolName: null,
        };
        tools.set(id, row);
        items.push(row);
        break;
      }
      case "tool_call_update": {
        const id = str(p.toolCallId) ?? `seq-${ev.seq}`;
        let row = tools.get(id);
        if (!row) {
          // An update whose call was never recorded (log trimmed, backend quirk) still gets a row of its own.
          openMessage = null;
          row = { kind: "tool", key: `t-${id}`, toolCallId: id, title: str(p.title) ?? "Tool call", name: null, toolKind: null, status: "pending", input: undefined, output: null, rawOutput: undefined, tUs, endUs: null, label: "", result: null, toolName: null };
          tools.set(id, row);
          items.push(row);
        }
        row.status = toolStatus(p.status) ?? row.status;
        row.title = str(p.title) ?? row.title;
        // ACP updates carry the content as it stands, not a delta: the latest one wins.
        if (str(p.text) !== null && str(p.text) !== "") row.output = str(p.text);
        if (p.rawOutput !== undefined) row.rawOutput = p.rawOutput;
        row.endUs = tUs;
        break;
      }
      case "lifecycle": {
        openMessage = null;
        items.push({
          kind: "lifecycle",
          key: `l-${ev.seq}`,
          phase: str(p.phase) ?? "unknown",
          detail: str(p.detail),
          stopReason: str(p.stopReason),
          exitCode: num(p.exitCode),
          tUs,
        });
        break;
      }
      case "stderr": {
        const lines = (str(p.text) ?? "").replace(/\n$/, "").split("\n");
        if (last?.kind === "stderr") last.lines.push(...lines);
        else items.push({ kind: "stderr", key: `e-${ev.seq}`, lines, tUs });
        break;
      }
      case "usage": {
        const usage = {
          inputTokens: num(p.inputTokens),
          outputTokens: num(p.outputTokens),
          costUsd: num(p.costUsd),
          used: num(p.used),
          size: num(p.size),
        };
        // Backends report usage after every turn; back to back, only the newest figure is worth a line.
        if (last?.kind === "usage") Object.assign(last, usage, { tUs });
        else items.push({ kind: "usage", key: `u-${ev.seq}`, ...usage, tUs });
        break;
      }
      case "plan": {
        const entries = Array.isArray(p.entries)
          ? p.entries.map((e) => ({ content: str((e as Record<string, unknown>)?.content) ?? "", status: str((e as Record<string, unknown>)?.status) ?? "pending" }))
          : [];
        // A plan is re-sent whole on every change; show the latest in place of the previous one.
        const prev = items.findLastIndex((i) => i.kind === "plan");
        if (prev !== -1 && prev === items.length - 1) items[prev] = { kind: "plan", key: items[prev]!.key, entries, tUs };
        else items.push({ kind: "plan", key: `p-${ev.seq}`, entries, tUs });
        break;
      }
      default:
        // Unknown types are newer than this view; they are skipped rather than guessed at.
        break;
    }
  }
  // Words need the call's final input and answer, so they are written once every update is in.
  for (const row of tools.values()) Object.assign(row, describeToolCall(row));
  return items;
}

/**
 * What the customer reads first is what the agent did (its messages, thoughts, plans and tool calls); how the agent
 * process and its protocol went (lifecycle markers, stderr, token usage) is folded under Technical details.
 */
export function isTechnicalItem(item: LogItem): boolean {
  return item.kind === "lifecycle" || item.kind === "stderr" || item.kind === "usage";
}

/** "+1.234 s" from microseconds since the run started; minutes past the first one ("+2 m 03.456 s"). */
export function formatOffset(tUs: number): string {
  const ms = Math.max(0, Math.round(tUs / 1000));
  const totalSeconds = ms / 1000;
  if (totalSeconds < 60) return `+${totalSeconds.toFixed(3)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = ((ms % 60_000) / 1000).toFixed(3).padStart(6, "0");
  return `+${minutes} m ${seconds} s`;
}
