// The cloud runner relay: a WebSocket service that runs agents for clients and owns nothing else. A client (a
// dashboard) connects with a cloud runner token, sends a run's playbook, and answers the agent's tool calls itself:
// every MCP frame of the agent travels over the socket to the client's own tool server, so the client's data and
// credentials never reach the relay. The relay never opens a database; it holds runs in memory, and a run outlives
// its socket for `resumeGraceMs` so a client that drops can take it back.
// The playbooks it runs are written by strangers: every agent runs with strict permissions (only the client's tools,
// through the bridge, are allowed; lib/runners/permission-policy.ts), is asked to drop its built-in tools, and starts
// in a scratch folder of its run with an environment of PATH, LANG and its backend's own credentials only (HOME and
// TMPDIR in that folder unless the operator names RELAY_AGENT_HOME), never the relay's own settings and secrets.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { KeyObject } from "node:crypto";
import { WebSocketServer, type WebSocket } from "ws";
import { runAcpAgent } from "@/lib/runners/acp-runner";
import { agentEnv, prepareScratch } from "@/lib/runners/agent-env";
import { sessionMeta } from "@/lib/runners/session-meta";
import type { LocalBackend } from "@/lib/runners/backends";
import { priceRun } from "@/lib/runners/price-run";
import { TOOL_SERVER_NAME } from "@/lib/mcp/tool-server-name";
import { BridgeServer } from "./bridge-server";
import { FrameChannel } from "@/lib/relay-protocol/channel";
import { CLOSE, DEFAULT_MAX_FRAME_BYTES, type Frame } from "@/lib/relay-protocol/protocol";
import { verifyCloudToken } from "@/lib/relay-protocol/token";
import type { RelayUsageReport } from "@/lib/relay-protocol/reports";

export const RELAY_VERSION = "1.0.0";
const BRIDGE_SCRIPT = path.join(import.meta.dirname, "mcp-bridge.mjs");

export interface RelayOptions {
  port: number;
  host?: string;
  backend: LocalBackend;
  /** The model the backend is told to use; the relay's choice, never the client's. */
  model?: string | null;
  /** A HOME for the agents (where their CLI's sign-in is kept); by default an empty folder of each run's. */
  agentHome?: string | null;
  /** More variables of the relay's environment handed to the agents (RELAY_AGENT_ENV: a proxy, say). */
  agentEnv?: readonly string[];
  publicKey: KeyObject;
  /** Token ids refused although their signature is good (refreshed by the caller). */
  revoked?: () => ReadonlySet<string>;
  /** Token ids refused for now, with the words the client is shown (an organization out of cloud minutes). */
  blocked?: () => ReadonlyMap<string, string>;
  /** Told when a run ends, for metering (runner-relay/usage-reporter.ts). */
  onRunEnded?: (usage: RelayUsageReport) => void;
  maxFrameBytes?: number;
  resumeGraceMs?: number;
  heartbeatMs?: number;
  /** Bytes waiting on a client's socket above which the agent is no longer read. */
  highWaterMark?: number;
  /** What runs an agent (the generic ACP runner; bench/relay-sim.ts puts a simulated agent here). */
  runAgent?: typeof runAcpAgent;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

interface RelayRun {
  key: string;
  jti: string;
  runId: number;
  org: number;
  channel: FrameChannel;
  socket: WebSocket | null;
  abort: AbortController;
  /** Set while the client's socket is backed up: the agent's output waits on it. */
  hold: Promise<void> | null;
  ended: boolean;
  forgetTimer: NodeJS.Timeout | null;
  bridgeKey: string | null;
}

export interface Relay {
  port: number;
  /** Runs the relay holds (alive, or waiting for their client to come back). */
  runs(): number;
  close(): Promise<void>;
}

export async function startRelay(opts: RelayOptions): Promise<Relay> {
  const log = opts.log ?? (() => undefined);
  const grace = opts.resumeGraceMs ?? 30_000;
  const hwm = opts.highWaterMark ?? 1024 * 1024;
  const runs = new Map<string, RelayRun>();
  const bridges = new BridgeServer();
  await bridges.start();

  const wss = new WebSocketServer({ port: opts.port, host: opts.host ?? "0.0.0.0", maxPayload: opts.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES });
  await new Promise<void>((resolve) => wss.once("listening", resolve));

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      const alive = ws as WebSocket & { alive?: boolean };
      if (alive.alive === false) ws.terminate();
      else {
        alive.alive = false;
        ws.ping();
      }
    }
  }, opts.heartbeatMs ?? 10_000);

  wss.on("connection", (ws: WebSocket & { alive?: boolean }) => {
    ws.alive = true;
    ws.on("pong", () => (ws.alive = true));
    let org: number | null = null;
    // Runs are keyed by the token's id and the client's run id: installations sharing an organization (or run ids)
    // never meet, and only the token that started a run can resume it.
    let tokenId = "";
    let run: RelayRun | null = null;
    // Frames before hello, and a connection's own frames, go through a channel of the connection until a run owns it.
    const connection = new FrameChannel(
      (frame) => onFrame(frame),
      (message) => connection.send({ type: "error", code: "bad_frame", message }),
    );
    connection.attach(ws);
    const fail = (code: "auth_failed" | "token_expired" | "token_revoked" | "quota_exceeded" | "unknown_run", message: string, close: number) => {
      connection.send({ type: "error", code, message });
      ws.close(close, message.slice(0, 120));
    };

    function onFrame(frame: Frame): void {
      if (org === null) {
        if (frame.type !== "hello") return fail("auth_failed", "Say hello with a cloud runner token first", CLOSE.authFailed);
        const verdict = verifyCloudToken(frame.token ?? "", opts.publicKey, { revoked: opts.revoked?.() });
        if (!verdict.ok) {
          if (verdict.reason === "expired") return fail("token_expired", "The cloud runner token has expired", CLOSE.tokenExpired);
          if (verdict.reason === "revoked") return fail("token_revoked", "The cloud runner token was revoked", CLOSE.tokenRevoked);
          return fail("auth_failed", "The cloud runner token is not valid", CLOSE.authFailed);
        }
        const block = opts.blocked?.().get(verdict.claims.jti);
        if (block) return fail("quota_exceeded", block, CLOSE.quotaExceeded);
        org = verdict.claims.org;
        tokenId = verdict.claims.jti;
        const hello = { type: "hello" as const, relay: { version: RELAY_VERSION, backend: opts.backend.slug, model: opts.model ?? null }, organization: org };
        if (frame.probe) {
          connection.send(hello);
          return void ws.close(CLOSE.probeDone, "probe answered");
        }
        if (frame.resume) {
          const found = runs.get(`${tokenId}:${frame.resume.runId}`);
          if (!found) return fail("unknown_run", `This relay does not hold run ${frame.resume.runId} (it may have restarted)`, CLOSE.unknownRun);
          connection.send({ ...hello, resume: { runId: found.runId, lastSeq: found.channel.lastReceived } });
          adopt(found, frame.resume.lastSeq);
          log("run resumed", { runId: found.runId, org });
          return;
        }
        connection.send(hello);
        return;
      }
      if (!run) {
        if (frame.type !== "run.start") return void connection.send({ type: "error", code: "bad_frame", message: "Start a run first" });
        return void begin(frame);
      }
    }

    /** A resumed run takes this socket over: its channel replays what the client has not acknowledged. */
    function adopt(found: RelayRun, lastSeq: number): void {
      if (found.forgetTimer) clearTimeout(found.forgetTimer);
      found.forgetTimer = null;
      found.socket?.terminate();
      found.socket = ws;
      run = found;
      ws.removeAllListeners("message");
      ws.on("message", (data, isBinary) => found.channel.receive(isBinary ? "" : data.toString()));
      found.channel.attach(ws, lastSeq);
      ws.on("close", () => detach(found, ws));
    }

    function begin(start: Extract<Frame, { type: "run.start" }>): void {
      const key = `${tokenId}:${start.runId}`;
      if (runs.has(key)) return void connection.send({ type: "error", code: "busy", message: `Run ${start.runId} is already running here`, runId: start.runId });
      const r: RelayRun = {
        key, jti: tokenId, runId: start.runId, org: org!, socket: ws, abort: new AbortController(), hold: null, ended: false, forgetTimer: null, bridgeKey: null,
        channel: new FrameChannel((f) => onRunFrame(r, f), (message) => r.channel.send({ type: "error", code: "bad_frame", message })),
      };
      runs.set(key, r);
      run = r;
      // Which relay holds a run: what an operator looks for when a relay dies (its runs end `network`).
      log("run started", { runId: start.runId, org });
      r.channel.continueFrom(connection.lastReceived);
      // From here the run's channel owns the socket; frames already numbered by the client continue from its seq.
      ws.removeAllListeners("message");
      ws.on("message", (data, isBinary) => r.channel.receive(isBinary ? "" : data.toString()));
      r.channel.attach(ws);
      ws.on("close", () => detach(r, ws));
      void execute(r, start);
    }
    ws.on("message", (data, isBinary) => connection.receive(isBinary ? "" : data.toString()));
  });

  function onRunFrame(r: RelayRun, frame: Frame): void {
    if (frame.type === "mcp.frame" && r.bridgeKey) bridges.send(bridgeLink(r), frame.message);
    else if (frame.type === "cancel") r.abort.abort();
    else if (frame.type !== "ping" && frame.type !== "run.start") r.channel.send({ type: "error", code: "bad_frame", message: `A client does not send ${frame.type}`, runId: r.runId });
  }

  const linkOf = new Map<string, ReturnType<BridgeServer["register"]>["link"]>();
  const bridgeLink = (r: RelayRun) => linkOf.get(r.bridgeKey!)!;

  /** The client's socket is gone: the run waits `grace` for it to come back, then its agent is stopped. */
  function detach(r: RelayRun, ws: WebSocket): void {
    if (r.socket !== ws) return;
    r.socket = null;
    r.channel.detach();
    if (r.forgetTimer) clearTimeout(r.forgetTimer);
    r.forgetTimer = setTimeout(() => {
      if (!r.ended) {
        log("client did not come back; cancelling the run", { runId: r.runId, org: r.org });
        r.abort.abort();
      }
      forget(r);
    }, grace);
    r.forgetTimer.unref();
  }

  function forget(r: RelayRun): void {
    if (r.bridgeKey) {
      bridges.unregister(r.bridgeKey);
      linkOf.delete(r.bridgeKey);
    }
    runs.delete(r.key);
  }

  /** Stops reading the agent while the client's socket is backed up, and resumes once it has drained. */
  function pressure(r: RelayRun): void {
    if (r.hold || r.channel.bufferedAmount <= hwm) return;
    const link = r.bridgeKey ? linkOf.get(r.bridgeKey) : null;
    link?.socket?.pause();
    log("client backed up; holding the agent", { runId: r.runId, org: r.org, bufferedBytes: r.channel.bufferedAmount });
    r.hold = new Promise<void>((release) => {
      const check = setInterval(() => {
        // Drained below half the mark, or the socket is gone (the run waits for a resume with its frames kept).
        if (r.channel.bufferedAmount > hwm / 2 && r.socket) return;
        clearInterval(check);
        r.hold = null;
        link?.socket?.resume();
        log("client drained; reading the agent again", { runId: r.runId, org: r.org });
        release();
      }, 25);
    });
  }

  async function execute(r: RelayRun, start: Extract<Frame, { type: "run.start" }>): Promise<void> {
    const startedAt = Date.now();
    const { key: bridgeKey, link } = bridges.register((message) => {
      r.channel.send({ type: "mcp.frame", runId: r.runId, message });
      pressure(r);
    });
    r.bridgeKey = bridgeKey;
    linkOf.set(bridgeKey, link);
    const workdir = await mkdtemp(path.join(os.tmpdir(), `relay-run-${r.runId}-`));
    try {
      const scratch = await prepareScratch(workdir);
      const env = agentEnv({ backend: opts.backend, source: process.env, scratch, home: opts.agentHome, extra: opts.agentEnv });
      const result = await (opts.runAgent ?? runAcpAgent)({
        binary: opts.backend.binary,
        args: opts.backend.acpArgs,
        cwd: workdir,
        env,
        prompt: start.playbook,
        mcpServers: [
          {
            name: TOOL_SERVER_NAME,
            command: process.execPath,
            args: [BRIDGE_SCRIPT],
            env: [
              { name: "RELAY_BRIDGE_PORT", value: String(bridges.port) },
              { name: "RELAY_BRIDGE_KEY", value: bridgeKey },
              { name: "PATH", value: process.env.PATH ?? "" },
            ],
          },
        ],
        meta: sessionMeta({ runner: opts.backend.slug, model: opts.model, strict: true }),
        permissionPolicy: "strict",
        timeoutMs: start.timeoutMs,
        signal: r.abort.signal,
        readGate: () => r.hold,
        onEvent: (event, payload) => {
          r.channel.send({ type: "acp.update", runId: r.runId, event, payload });
          pressure(r);
        },
      });
      const costUsd = priceRun({ runner: opts.backend.slug, model: opts.model ?? null, usage: result.usage, reportedCostUsd: result.reportedCostUsd });
      r.channel.send({ type: "run.usage", runId: r.runId, usage: result.usage, costUsd, model: opts.model ?? null });
      r.channel.send({
        type: "run.end",
        runId: r.runId,
        result: {
          exitCode: result.exitCode, exitSignal: result.exitSignal, stopReason: result.stopReason, timedOut: result.timedOut,
          cancelled: result.cancelled, exitedEarly: result.exitedEarly, error: result.error,
        },
      });
    } catch (err) {
      log("run failed on the relay", { runId: r.runId, error: (err as Error).message });
      r.channel.send({ type: "error", code: "internal", message: "The relay could not run the agent", runId: r.runId });
    } finally {
      r.ended = true;
      opts.onRunEnded?.({ jti: r.jti, org: r.org, runId: r.runId, seconds: Math.ceil((Date.now() - startedAt) / 1000), endedAt: new Date().toISOString() });
      await rm(workdir, { recursive: true, force: true }).catch(() => undefined);
      // The last frames may still need a resume to reach the client; the run is kept for the grace period.
      if (!r.socket) return;
      if (r.forgetTimer) clearTimeout(r.forgetTimer);
      r.forgetTimer = setTimeout(() => forget(r), grace);
      r.forgetTimer.unref();
    }
  }

  const port = (wss.address() as { port: number }).port;
  return {
    port,
    runs: () => runs.size,
    async close() {
      clearInterval(heartbeat);
      for (const r of runs.values()) r.abort.abort();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await bridges.close();
    },
  };
}
