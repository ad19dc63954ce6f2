// The dashboard's side of a cloud run (the "tool host"): it opens a socket to the relay with this installation's cloud
// runner token, hands over the playbook snapshot, and answers every MCP frame of the relay's agent with the run's own
// tool server: the frame goes to this instance's /api/mcp with the run's secret, exactly as the stdio bridge of a
// local run sends it (bin/outreach-mcp.mjs), so the binding, tenancy and tools are the same and data and credentials
// never leave this server. The agent's session updates come back as run events. It answers like the local ACP
// runner, so the dispatcher ends a cloud run the way it ends any run; what only a relay can cause (a refused token, a
// lost relay) comes back as `failure`.
import WebSocket from "ws";
import type { AcpRunResult } from "@/lib/runners/acp-runner";
import { FrameChannel } from "@/lib/relay-protocol/channel";
import { CLOSE, DEFAULT_MAX_FRAME_BYTES, type Frame } from "@/lib/relay-protocol/protocol";
import { metrics } from "@/lib/metrics/registry";

export interface CloudRunInput {
  relayUrl: string;
  cloudToken: string;
  runId: number;
  /** The run's own secret: each tool call is answered under the binding it resolves to. */
  runToken: string;
  /** This instance's tool server (…/api/mcp). */
  toolServerUrl: string;
  kind: string;
  playbook: string;
  timeoutMs: number;
  signal?: AbortSignal;
  onEvent: (type: string, payload: Record<string, unknown>) => void;
  /** How long a dropped socket may take to come back before the run is lost (the relay waits as long). */
  resumeWindowMs?: number;
  maxFrameBytes?: number;
}

export interface CloudRunResult extends AcpRunResult {
  /** A failure of the cloud runner itself rather than of the agent: it names the failure reason. */
  failure: { reason: "auth_expired" | "quota_exhausted" | "network"; error: string } | null;
  model: string | null;
}

const CANCEL_WAIT_MS = 15_000;
const PING_MS = 5_000;
/** The relay pings every 10 s; a socket silent for this long is dead even if TCP has not noticed. */
const SILENCE_MS = 30_000;
/** A tool call longer than this is answered as failed (the research tools fetch from the platform). */
const TOOL_CALL_TIMEOUT_MS = 120_000;

export function runCloudAgent(input: CloudRunInput): Promise<CloudRunResult> {
  const resumeWindow = input.resumeWindowMs ?? 30_000;
  const result: CloudRunResult = {
    exitCode: null, exitSignal: null, stopReason: null, usage: null, reportedCostUsd: null, timedOut: false, cancelled: false,
    exitedEarly: false, error: null, failure: null, model: null,
  };

  return new Promise<CloudRunResult>((resolve) => {
    let done = false;
    let socket: WebSocket | null = null;
    let started = false;
    let lostAt: number | null = null;
    let lastHeard = Date.now();
    // When the current outage began (lostAt is cleared as soon as a socket opens; this only once the run resumed).
    let droppedAt: number | null = null;
    let cancelTimer: NodeJS.Timeout | null = null;
    let deadline: NodeJS.Timeout | undefined;
    const finish = (failure?: CloudRunResult["failure"]) => {
      if (done) return;
      done = true;
      if (failure) result.failure = failure;
      clearInterval(pinger);
      clearTimeout(deadline);
      if (cancelTimer) clearTimeout(cancelTimer);
      input.signal?.removeEventListener("abort", onAbort);
      socket?.removeAllListeners();
      socket?.on("error", () => undefined);
      socket?.close();
      resolve(result);
    };

    const channel = new FrameChannel(
      (frame) => void onFrame(frame),
      (message) => input.onEvent("lifecycle", { phase: "error", detail: `The relay sent a frame this dashboard cannot read: ${message}` }),
    );

    async function onFrame(frame: Frame): Promise<void> {
      switch (frame.type) {
        case "hello":
          if (frame.resume) {
            // The relay took us back: replay what it has not seen.
            channel.attach(socket!, frame.resume.lastSeq);
            metrics().relayResumes.inc();
            input.onEvent("lifecycle", { phase: "resumed", detail: `after ${Math.round((Date.now() - (droppedAt ?? Date.now())) / 100) / 10} s` });
            droppedAt = null;
          } else if (!started) {
            started = true;
            result.model = frame.relay?.model ?? null;
            const relay = frame.relay;
            input.onEvent("lifecycle", { phase: "relay_connected", detail: relay ? `${relay.backend}${relay.model ? ` (${relay.model})` : ""}, relay ${relay.version}` : null });
            channel.send({ type: "run.start", runId: input.runId, kind: input.kind, playbook: input.playbook, timeoutMs: input.timeoutMs });
          }
          return;
        case "mcp.frame":
          return answerTool(frame.message);
        case "acp.update":
          return input.onEvent(frame.event, frame.payload);
        case "run.usage":
          result.usage = frame.usage;
          result.reportedCostUsd = frame.costUsd;
          result.model = frame.model ?? result.model;
          return;
        case "run.end":
          Object.assign(result, frame.result);
          return finish();
        case "error":
          if (frame.code === "auth_failed" || frame.code === "token_expired" || frame.code === "token_revoked") return finish({ reason: "auth_expired", error: frame.message });
          if (frame.code === "quota_exceeded") return finish({ reason: "quota_exhausted", error: frame.message });
          if (frame.code === "unknown_run") return finish({ reason: "network", error: frame.message });
          input.onEvent("lifecycle", { phase: "error", detail: `Cloud runner: ${frame.message}` });
          if (frame.code === "internal" || frame.code === "busy") return finish({ reason: "network", error: frame.message });
          return;
        default:
          return;
      }
    }

    /** One JSON-RPC message of the agent, answered by this run's tool server exactly as the stdio bridge's would be. */
    async function answerTool(message: Record<string, unknown>): Promise<void> {
      const isRequest = "method" in message && "id" in message;
      try {
        const res = await fetch(input.toolServerUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            authorization: `Bearer ${input.runToken}`,
            "x-outreach-run-id": String(input.runId),
          },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(TOOL_CALL_TIMEOUT_MS),
        });
        const text = await res.text();
        if (!text) {
          if (res.ok || !isRequest) return;
          throw new Error(`HTTP ${res.status}`);
        }
        const answer = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
        if (!res.ok && !Array.isArray(answer) && answer.jsonrpc !== "2.0") throw new Error(String((answer as { error?: { message?: string } }).error?.message ?? `HTTP ${res.status}`));
        for (const one of Array.isArray(answer) ? answer : [answer]) channel.send({ type: "mcp.frame", runId: input.runId, message: one });
      } catch (err) {
        // The run has finished, or the tool server is down: the agent still gets an answer, never silence.
        if (!isRequest) return;
        const text = err instanceof Error ? err.message : String(err);
        const refusal =
          message.method === "tools/call"
            ? { jsonrpc: "2.0", id: message.id, result: { isError: true, content: [{ type: "text", text: `The tool server refused the call: ${text}` }] } }
            : { jsonrpc: "2.0", id: message.id, error: { code: -32000, message: text } };
        channel.send({ type: "mcp.frame", runId: input.runId, message: refusal });
      }
    }

    function connect(resume: boolean): void {
      const ws = new WebSocket(input.relayUrl, { maxPayload: input.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES, handshakeTimeout: 10_000 });
      socket = ws;
      metrics().relayConnections.inc({ kind: resume ? "resume" : "new" });
      ws.on("open", () => {
        lostAt = null;
        lastHeard = Date.now();
        // The relay's hello answer decides what comes next; the run's frames wait in the channel until then.
        ws.send(JSON.stringify({ v: 1, type: "hello", seq: 0, token: input.cloudToken, ...(resume ? { resume: { runId: input.runId, lastSeq: channel.lastReceived } } : {}) }));
        if (!resume) channel.attach(ws);
      });
      ws.on("message", (data, isBinary) => {
        lastHeard = Date.now();
        channel.receive(isBinary ? "" : data.toString());
      });
      ws.on("ping", () => (lastHeard = Date.now()));
      ws.on("error", () => undefined);
      ws.on("close", (code, reason) => {
        if (done || socket !== ws) return;
        channel.detach();
        const why = reason.toString();
        if (code === CLOSE.authFailed || code === CLOSE.tokenExpired || code === CLOSE.tokenRevoked) return finish({ reason: "auth_expired", error: why || "The relay refused the cloud runner token" });
        if (code === CLOSE.quotaExceeded) return finish({ reason: "quota_exhausted", error: why || "The organization's cloud-runner minutes are used up" });
        if (code === CLOSE.unknownRun) return finish({ reason: "network", error: why || "The relay no longer holds this run" });
        if (code === 1009) return finish({ reason: "network", error: "The relay closed the connection: a frame was larger than it accepts" });
        // Anything else is a lost connection: try to resume until the window closes.
        lostAt ??= Date.now();
        if (Date.now() - lostAt > resumeWindow) return finish({ reason: "network", error: `Lost the connection to the cloud runner relay and could not resume within ${Math.round(resumeWindow / 1000)} s` });
        if (droppedAt === null) {
          droppedAt = lostAt;
          input.onEvent("lifecycle", { phase: "reconnecting", detail: "resuming" });
        }
        const wait = Math.min(1000 * 2 ** Math.min(5, Math.floor((Date.now() - lostAt) / 2000)), 5000);
        setTimeout(() => !done && connect(started), Math.min(wait, Math.max(0, resumeWindow - (Date.now() - lostAt))) || 200).unref();
      });
    }

    // Acknowledgements ride on pings, so the relay's replay buffer stays short even when no tool is called.
    const pinger = setInterval(() => {
      if (socket?.readyState === WebSocket.OPEN && Date.now() - lastHeard > SILENCE_MS) return void socket.terminate();
      channel.send({ type: "ping" });
    }, PING_MS);
    pinger.unref();

    const onAbort = () => {
      result.cancelled = true;
      channel.send({ type: "cancel", runId: input.runId });
      // The relay answers with run.end once its agent stopped; do not wait for ever on a relay that is gone.
      cancelTimer = setTimeout(() => finish({ reason: "network", error: "The relay did not confirm the cancel" }), CANCEL_WAIT_MS);
    };
    if (input.signal?.aborted) {
      result.cancelled = true;
      return finish();
    }
    // The relay enforces the run's timeout; this guards against a relay that never reports at all.
    deadline = setTimeout(() => {
      result.timedOut = true;
      finish({ reason: "network", error: "The cloud runner never reported the end of the run" });
    }, input.timeoutMs + 60_000);
    deadline.unref();
    input.signal?.addEventListener("abort", onAbort, { once: true });
    connect(false);
  });
}
