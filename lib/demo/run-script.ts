// RunScript: writes one demo run's log events in exactly the shapes and timing real runs store.
// The dispatcher's "starting" and "finished" markers (lib/runners/dispatch-run.ts) wrap what the ACP runner records
// (lib/runners/acp-runner.ts: lifecycle, session updates, stderr). Each event carries `tUs`, microseconds since the
// dispatcher started, as lib/runs/record-run-event.ts stamps it; the run log's `+x.xxx s` column reads it. Pauses
// are drawn from ranges a real agent shows, so offsets read like one.
import { TOOL_SERVER_NAME } from "@/lib/mcp/tool-server-name";
import type { RunUsage } from "@/lib/runners/price-run";

export interface ScriptedEvent {
  type: "lifecycle" | "message_chunk" | "thought" | "tool_call" | "tool_call_update" | "usage" | "stderr";
  payload: Record<string, unknown>;
  tUs: number;
}

/** A pause before an event: lowest and highest, in milliseconds. */
type Pause = [number, number];

export interface AgentStart {
  /** From lib/runners/backends.ts: what the dispatcher starts and names. */
  label: string;
  binary: string;
  acpArgs: string[];
  playbookSlug: string;
  playbookSource: "snapshot" | "file";
  promptChars: number;
}

export interface ToolResult {
  status: "completed" | "failed";
  text: string;
}

// What an agent's context window holds; agents report it with every usage update.
const CONTEXT_SIZE = 200_000;

export class RunScript {
  readonly events: ScriptedEvent[] = [];
  /** When the drafts_create (or reply_draft_finish) call stored its drafts. */
  draftsAtUs: number | null = null;
  /** When the run's terminal state was committed: inside a finish tool, or by the dispatcher just before "finished". */
  closedAtUs: number | null = null;
  private tUs = 0;
  private calls = 0;
  private messages = 0;

  constructor(
    private readonly prefix: string,
    private readonly rand: () => number,
  ) {}

  private wait([lo, hi]: Pause) {
    // At least a microsecond: two writes of the dispatcher never share a clock reading.
    this.tUs += Math.max(1, Math.round((lo + this.rand() * (hi - lo)) * 1000));
  }

  private push(type: ScriptedEvent["type"], payload: Record<string, unknown>, pause: Pause) {
    this.wait(pause);
    this.events.push({ type, payload, tUs: this.tUs });
  }

  private hex(n: number): string {
    let s = "";
    while (s.length < n) s += Math.floor(this.rand() * 16).toString(16);
    return s;
  }

  /** The dispatcher has its playbook and starts the agent process. */
  start(a: AgentStart) {
    this.push("lifecycle", { phase: "starting", detail: `${a.label}: playbook from ${a.playbookSource}`, playbook: a.playbookSlug }, [4, 30]);
    this.push("lifecycle", { phase: "spawned", detail: [a.binary, ...a.acpArgs].join(" "), pid: 2_000 + Math.floor(this.rand() * 60_000) }, [8, 40]);
  }

  /** ACP initialize, session/new and the prompt. `npx -y` resolving the adapter is most of the first pause. */
  handshake(a: AgentStart) {
    this.push("lifecycle", { phase: "initialized", detail: null, protocolVersion: 1 }, [1_200, 3_800]);
    const sessionId = `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-a${this.hex(3)}-${this.hex(12)}`;
    this.push("lifecycle", { phase: "session_created", detail: sessionId }, [300, 1_400]);
    this.push("lifecycle", { phase: "prompt_sent", detail: `${a.promptChars} characters` }, [0.03, 0.3]);
  }

  thought(text: string) {
    this.stream("thought", text, null, [900, 3_500]);
  }

  /** One assistant message, streamed a few words at a time under one messageId. */
  say(...parts: string[]) {
    this.messages += 1;
    const messageId = `msg_${this.prefix.replace(/^toolu_/, "")}_${String(this.messages).padStart(2, "0")}`;
    parts.forEach((text, i) => this.stream("message_chunk", text, messageId, i === 0 ? [500, 2_200] : [20, 90]));
  }

  private stream(type: "thought" | "message_chunk", text: string, messageId: string | null, first: Pause) {
    const words = text.match(/\S+\s*|\s+/g) ?? [text];
    for (let i = 0; i < words.length; i += 4) {
      this.push(type, { text: words.slice(i, i + 4).join(""), messageId }, i === 0 ? first : [25, 110]);
    }
  }

  usage(used: number) {
    this.push("usage", { used, size: CONTEXT_SIZE, costUsd: null }, [5, 60]);
  }

  /** A call to one of our tools, as the agent names it (`mcp__outreach__<tool>`); a null result is still in flight. */
  tool(name: string, rawInput: Record<string, unknown>, result: ToolResult | null, took: Pause) {
    this.call(`mcp__${TOOL_SERVER_NAME}__${name}`, "other", rawInput, result, took);
  }

  /** A shell command the agent ran itself. */
  shell(command: string, result: ToolResult, took: Pause) {
    this.call(`\`${command}\``, "execute", { command, description: command }, result, took);
  }

  private call(title: string, kind: string, rawInput: Record<string, unknown>, result: ToolResult | null, took: Pause) {
    this.calls += 1;
    const toolCallId = `${this.prefix}_${String(this.calls).padStart(2, "0")}`;
    this.push("tool_call", { toolCallId, title, name: null, kind, status: "pending", rawInput }, [300, 1_600]);
    if (result) this.push("tool_call_update", { toolCallId, status: result.status, title: null, text: result.text, rawOutput: null }, took);
  }

  markDrafts() {
    this.draftsAtUs = this.tUs - 40_000;
  }

  /** A finish tool committed the run inside the call that just answered. */
  closedByTool() {
    this.closedAtUs = this.tUs - Math.round(2_000 + this.rand() * 10_000);
  }

  stderr(text: string, pause: Pause) {
    this.push("stderr", { text }, pause);
  }

  /** The prompt's answer, with the token usage of the whole session. */
  stopped(usage: RunUsage | null) {
    const reported = usage && Object.values(usage).some((v) => v !== null) ? usage : null;
    this.push("lifecycle", { phase: "stopped", stopReason: "end_turn", ...(reported ? { usage: reported } : {}) }, [150, 900]);
    if (reported) this.push("usage", { ...reported, final: true }, [0.02, 0.2]);
  }

  /** The prompt failed with an error answer. */
  error(detail: string, pause: Pause = [300, 1_200]) {
    this.push("lifecycle", { phase: "error", detail }, pause);
  }

  /** The run's deadline passed with the prompt unanswered. */
  timeout(timeoutMs: number) {
    this.tUs = Math.max(this.tUs, timeoutMs * 1000);
    this.push("lifecycle", { phase: "timeout", detail: `no answer within ${timeoutMs} ms` }, [0.2, 3]);
  }

  exited(exitCode: number | null, signal: string | null, pause: Pause = [30, 400]) {
    this.push("lifecycle", { phase: "exited", exitCode, signal }, pause);
  }

  /** The dispatcher's last word; a run no finish tool closed is committed just before it. */
  finished(detail: string) {
    this.wait([4, 40]);
    this.closedAtUs ??= this.tUs - Math.round(1_000 + this.rand() * 3_000);
    this.events.push({ type: "lifecycle", payload: { phase: "finished", detail }, tUs: this.tUs });
  }

  /** A run still going cannot have logged past now: squeeze its offsets into the time it has had. */
  fitWithin(maxUs: number) {
    const last = this.events.at(-1)?.tUs ?? 0;
    if (last <= maxUs) return;
    const k = maxUs / last;
    for (const e of this.events) e.tUs = Math.round(e.tUs * k);
    if (this.draftsAtUs !== null) this.draftsAtUs = Math.round(this.draftsAtUs * k);
  }
}
