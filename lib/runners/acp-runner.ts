// The generic ACP runner: one agent process, one session, one prompt. It knows nothing of runs or databases: it
// reports what happens through `onEvent` and answers with how the process ended, and the dispatcher decides what
// that means (lib/runners/dispatch-run.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { Readable, Transform, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import type { RunUsage } from "@/lib/runners/price-run";
import { answerPermission, noteToolCall, type PermissionPolicy, type SeenToolCall } from "@/lib/runners/permission-policy";

export interface AcpRunOptions {
  binary: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  prompt: string;
  mcpServers: acp.McpServer[];
  /** Passed unchanged as `_meta` of session/new (the first backend reads `claudeCode.options`). */
  meta?: Record<string, unknown>;
  /**
   * How permission requests are answered (lib/runners/permission-policy.ts): `auto` (the default) allows, `strict`
   * allows only the dashboard's own tools and logs each refusal as a `permission_refused` lifecycle event.
   */
  permissionPolicy?: PermissionPolicy;
  /** The whole exchange (start, session, prompt) must finish within this; then the agent is stopped. */
  timeoutMs: number;
  /** Aborting cancels: `session/cancel`, a grace period, then the process is ended. */
  signal?: AbortSignal;
  onEvent: (type: string, payload: Record<string, unknown>) => void;
  /**
   * Asked before each chunk of the agent's output is read: a promise holds the chunk (and, once the pipe fills, the
   * agent's writes) until it settles. The relay holds an agent while its client's socket is backed up.
   */
  readGate?: () => Promise<void> | null;
}

export interface AcpRunResult {
  exitCode: number | null;
  exitSignal: string | null;
  /** The prompt's stop reason; null when the agent never answered it. */
  stopReason: string | null;
  usage: RunUsage | null;
  reportedCostUsd: number | null;
  timedOut: boolean;
  cancelled: boolean;
  /** The process ended by itself before answering the prompt. */
  exitedEarly: boolean;
  /** A spawn failure (ENOENT for a missing binary) or the prompt's error. */
  error: string | null;
  /**
   * The JSON-RPC code of the error the agent answered with (ACP's -32000 is "authentication required"); absent or
   * null when it answered none, as on the cloud runner, whose relay passes on the words only.
   */
  errorCode?: number | null;
}

const CANCEL_GRACE_MS = 5_000;
const EXIT_GRACE_MS = 3_000;
const STDERR_LINE_MAX = 4_000;

class Stop extends Error {
  constructor(readonly why: "timeout" | "cancel" | "exit") {
    super(why);
  }
}

export async function runAcpAgent(opts: AcpRunOptions): Promise<AcpRunResult> {
  const result: AcpRunResult = { exitCode: null, exitSignal: null, stopReason: null, usage: null, reportedCostUsd: null, timedOut: false, cancelled: false, exitedEarly: false, error: null, errorCode: null };
  const emit = opts.onEvent;

  let child: ChildProcess;
  try {
    child = spawn(opts.binary, opts.args, { cwd: opts.cwd, env: opts.env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
  } catch (err) {
    return spawnFailed(result, emit, err as NodeJS.ErrnoException, opts.binary);
  }
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      result.exitCode = code;
      result.exitSignal = signal;
      emit("lifecycle", { phase: "exited", exitCode: code, signal });
      resolve();
    });
  });
  const spawnError = new Promise<NodeJS.ErrnoException>((resolve) => child.once("error", (err) => resolve(err as NodeJS.ErrnoException)));
  const spawned = await Promise.race([
    new Promise<true>((resolve) => child.once("spawn", () => resolve(true))),
    spawnError,
  ]);
  if (spawned !== true) return spawnFailed(result, emit, spawned, opts.binary);
  emit("lifecycle", { phase: "spawned", detail: [opts.binary, ...opts.args].join(" "), pid: child.pid });
  pipeStderr(child, emit);

  // Whatever ends the exchange first: the prompt's answer, the deadline, a cancel, or the process dying.
  let stopNow!: (why: Stop) => void;
  const stopped = new Promise<never>((_, reject) => (stopNow = reject));
  stopped.catch(() => undefined);
  const timer = setTimeout(() => stopNow(new Stop("timeout")), opts.timeoutMs);
  const onAbort = () => stopNow(new Stop("cancel"));
  if (opts.signal?.aborted) onAbort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  void exited.then(() => stopNow(new Stop("exit")));

  // What the agent said about each tool call, to judge a permission request by more than its title.
  const toolCalls = new Map<string, SeenToolCall>();
  const policy = opts.permissionPolicy ?? "auto";
  const app = acp
    .client({ name: "outreach-dashboard" })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      const update = params.update;
      if (update.sessionUpdate === "tool_call" || update.sessionUpdate === "tool_call_update") noteToolCall(toolCalls, update);
      recordUpdate(update, result, emit);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      // SPEC "Agent runners": permission requests are auto-allowed, unless the policy is strict.
      const answer = answerPermission(policy, params, toolCalls.get(params.toolCall.toolCallId));
      if (answer.allowed) emit("lifecycle", { phase: "permission", detail: answer.title, optionId: answer.optionId });
      else emit("lifecycle", { phase: "permission_refused", detail: answer.title, kind: params.toolCall.kind ?? toolCalls.get(params.toolCall.toolCallId)?.kinds[0] ?? null, optionId: answer.optionId });
      return answer.response;
    });

  const output = opts.readGate ? child.stdout!.pipe(gated(opts.readGate)) : child.stdout!;
  const stream = acp.ndJsonStream(Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(output) as ReadableStream<Uint8Array>);
  let sessionId: string | null = null;
  let ctxRef: acp.ClientContext | null = null;

  const exchange = app.connectWith(stream, async (ctx) => {
    ctxRef = ctx;
    const init = await Promise.race([
      ctx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
        clientInfo: { name: "outreach-dashboard", version: "1.0.0" },
      }),
      stopped,
    ]);
    emit("lifecycle", { phase: "initialized", detail: init.agentInfo ? `${init.agentInfo.name} ${init.agentInfo.version ?? ""}`.trim() : null, protocolVersion: init.protocolVersion });
    const session = await Promise.race([
      ctx.request(acp.methods.agent.session.new, { cwd: opts.cwd, mcpServers: opts.mcpServers, ...(opts.meta ? { _meta: opts.meta } : {}) }),
      stopped,
    ]);
    sessionId = session.sessionId;
    emit("lifecycle", { phase: "session_created", detail: session.sessionId });
    emit("lifecycle", { phase: "prompt_sent", detail: `${opts.prompt.length} characters` });
    const response = await Promise.race([
      ctx.request(acp.methods.agent.session.prompt, { sessionId: session.sessionId, prompt: [{ type: "text", text: opts.prompt }] }),
      stopped,
    ]);
    return response;
  });

  try {
    const response = await exchange;
    result.stopReason = response.stopReason;
    const usage = usageOf(response);
    if (usage) result.usage = usage;
    emit("lifecycle", { phase: "stopped", stopReason: response.stopReason, ...(usage ? { usage } : {}) });
    if (usage) emit("usage", { ...usage, final: true });
  } catch (err) {
    if (err instanceof Stop && err.why === "cancel") {
      result.cancelled = true;
      emit("lifecycle", { phase: "cancel_requested" });
      await cancelGracefully(ctxRef, sessionId, exited);
    } else if (err instanceof Stop && err.why === "timeout") {
      result.timedOut = true;
      emit("lifecycle", { phase: "timeout", detail: `no answer within ${opts.timeoutMs} ms` });
      await cancelGracefully(ctxRef, sessionId, exited);
    } else if (err instanceof acp.RequestError) {
      // The agent answered with an error, so it did not merely die: keep its words and code even when it exits right
      // after (an agent without credentials may), they are what tells the classifier why.
      result.error = err.message;
      result.errorCode = err.code;
      emit("lifecycle", { phase: "error", detail: result.error, code: err.code });
    } else if (err instanceof Stop || (await endedWithin(child, exited, 500))) {
      // The connection closes when the process dies, so a pending request fails with "connection closed" too.
      result.exitedEarly = true;
      await exited;
      emit("lifecycle", { phase: "error", detail: "The agent process exited before answering" });
    } else {
      result.error = err instanceof Error ? err.message : String(err);
      emit("lifecycle", { phase: "error", detail: result.error });
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }

  await endProcess(child, exited);
  return result;
}

function spawnFailed(result: AcpRunResult, emit: AcpRunOptions["onEvent"], err: NodeJS.ErrnoException, binary: string): AcpRunResult {
  // A shell would say 127 for a command it cannot find; keep that convention so the exit code reads the same.
  result.exitCode = err.code === "ENOENT" ? 127 : 126;
  result.exitedEarly = true;
  result.error = `spawn ${binary} ${err.code ?? ""}: ${err.message}`.trim();
  emit("lifecycle", { phase: "error", detail: result.error });
  return result;
}

function pipeStderr(child: ChildProcess, emit: AcpRunOptions["onEvent"]) {
  let pending = "";
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    if (lines.length) emit("stderr", { text: lines.join("\n").slice(0, STDERR_LINE_MAX) });
  });
  child.stderr!.on("end", () => {
    if (pending) emit("stderr", { text: pending.slice(0, STDERR_LINE_MAX) });
  });
}

/** A pass-through that waits on the gate before passing each chunk on (pausing the source would not hold: the web
 * stream reading it resumes it on every pull). */
function gated(gate: () => Promise<void> | null): Transform {
  return new Transform({
    transform(chunk, _encoding, done) {
      const wait = gate();
      if (!wait) return done(null, chunk);
      wait.then(() => done(null, chunk), () => done(null, chunk));
    },
  });
}

async function cancelGracefully(ctx: acp.ClientContext | null, sessionId: string | null, exited: Promise<void>) {
  if (ctx && sessionId) await ctx.notify(acp.methods.agent.session.cancel, { sessionId }).catch(() => undefined);
  await Promise.race([exited, delay(CANCEL_GRACE_MS)]);
}

/** Ends stdin (closing the connection does not), waits briefly, then TERM and KILL. */
async function endProcess(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin?.end();
  await Promise.race([exited, delay(EXIT_GRACE_MS)]);
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await Promise.race([exited, delay(EXIT_GRACE_MS)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await Promise.race([exited, delay(EXIT_GRACE_MS)]);
}

/** A closed connection usually means the process died; its exit event can trail the stream's end a little. */
async function endedWithin(child: ChildProcess, exited: Promise<void>, ms: number): Promise<boolean> {
  await Promise.race([exited, delay(ms)]);
  return child.exitCode !== null || child.signalCode !== null;
}

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}

function recordUpdate(update: acp.SessionUpdate, result: AcpRunResult, emit: AcpRunOptions["onEvent"]) {
  switch (update.sessionUpdate) {
    case "agent_message_chunk":
      emit("message_chunk", { text: textOf(update.content), messageId: update.messageId ?? null });
      break;
    case "agent_thought_chunk":
      emit("thought", { text: textOf(update.content), messageId: update.messageId ?? null });
      break;
    case "tool_call":
      emit("tool_call", {
        toolCallId: update.toolCallId,
        title: update.title,
        name: update.name ?? null,
        kind: update.kind ?? null,
        status: update.status ?? "pending",
        rawInput: update.rawInput ?? null,
      });
      break;
    case "tool_call_update":
      emit("tool_call_update", {
        toolCallId: update.toolCallId,
        status: update.status ?? null,
        title: update.title ?? null,
        text: (update.content ?? []).map(toolContentText).filter(Boolean).join("\n") || null,
        rawOutput: update.rawOutput ?? null,
      });
      break;
    case "plan":
      emit("plan", { entries: update.entries.map((e) => ({ content: e.content, status: e.status, priority: e.priority })) });
      break;
    case "usage_update": {
      const cost = update.cost && update.cost.currency.toUpperCase() === "USD" ? update.cost.amount : null;
      // The cost an agent reports is the session's running total: the latest one is the run's cost.
      if (cost !== null) result.reportedCostUsd = cost;
      emit("usage", { used: update.used, size: update.size, costUsd: cost });
      break;
    }
    default:
      // Mode, command and session-info updates carry nothing the log shows.
      break;
  }
}

function textOf(block: acp.ContentBlock): string {
  if (block.type === "text") return block.text;
  if (block.type === "resource_link") return block.uri;
  return `[${block.type}]`;
}

function toolContentText(c: acp.ToolCallContent): string {
  if (c.type === "content") return textOf(c.content);
  if (c.type === "diff") return `diff ${c.path}`;
  return `terminal ${c.terminalId}`;
}

/**
 * Token usage of the prompt response. The stable schema has no usage field yet; agents send it as the unstable
 * `usage` field ({inputTokens, outputTokens, cachedReadTokens, cachedWriteTokens}) or under `_meta.usage`.
 */
function usageOf(response: acp.PromptResponse): RunUsage | null {
  const r = response as acp.PromptResponse & { usage?: Record<string, unknown> | null };
  const raw = (r.usage ?? (r._meta?.usage as Record<string, unknown> | undefined)) ?? null;
  if (!raw || typeof raw !== "object") return null;
  const n = (...keys: string[]) => {
    for (const k of keys) if (typeof raw[k] === "number" && Number.isFinite(raw[k])) return Math.round(raw[k] as number);
    return null;
  };
  const usage: RunUsage = {
    inputTokens: n("inputTokens", "input_tokens"),
    outputTokens: n("outputTokens", "output_tokens"),
    cacheReadTokens: n("cachedReadTokens", "cacheReadTokens", "cache_read_input_tokens"),
    cacheCreationTokens: n("cachedWriteTokens", "cacheCreationTokens", "cache_creation_input_tokens"),
  };
  return Object.values(usage).some((v) => v !== null) ? usage : null;
}
