// The cloud runner's wire protocol, version 1: one zod catalogue imported by both ends (the relay in runner-relay/
// and the dashboard's tool host in lib/runners/cloud/), from this shared module (lib/relay-protocol/). Every frame is
// a JSON text message `{v: 1, type, seq, ...}`.
// The run's frames (run.start, mcp.frame, acp.update, run.usage, run.end, cancel) are numbered from 1 by each side,
// and `ack` (on any frame) says the highest number received from the other side, so after a dropped socket each
// side replays what the other has not acknowledged. hello, ping and error belong to one connection: seq 0.
import { z } from "zod";

export const PROTOCOL_VERSION = 1;

const base = { v: z.literal(PROTOCOL_VERSION), seq: z.number().int().nonnegative(), ack: z.number().int().nonnegative().optional() };

/** A JSON-RPC message of the agent's tool-server (MCP) session, passed through unchanged. */
const ZJsonRpc = z.record(z.string(), z.unknown()).refine((m) => m.jsonrpc === "2.0", "Not a JSON-RPC 2.0 message");

export const ZHello = z
  .object({
    ...base,
    type: z.literal("hello"),
    /** Client → relay: the cloud runner token. */
    token: z.string().min(1).max(4096).optional(),
    /** Client → relay: take over a run whose socket dropped (`lastSeq`: the relay's last frame it received). */
    resume: z.object({ runId: z.number().int().positive(), lastSeq: z.number().int().nonnegative() }).optional(),
    /** Client → relay: only check the token (Settings' runner detection), then close. */
    probe: z.boolean().optional(),
    /** Relay → client: who answered. */
    relay: z.object({ version: z.string(), backend: z.string(), model: z.string().nullable() }).optional(),
    organization: z.number().int().positive().optional(),
  })
  .strict();

export const ZRunStart = z
  .object({
    ...base,
    type: z.literal("run.start"),
    runId: z.number().int().positive(),
    kind: z.string().max(60),
    /** The playbook snapshot: the relay's agent runs this text and nothing else. */
    playbook: z.string().min(1).max(500_000),
    timeoutMs: z.number().int().positive().max(6 * 3600_000),
  })
  .strict();

export const ZMcpFrame = z.object({ ...base, type: z.literal("mcp.frame"), runId: z.number().int().positive(), message: ZJsonRpc }).strict();

/** Relay → client: one normalised event of the agent's session (what the local runner's onEvent reports). */
export const ZAcpUpdate = z
  .object({ ...base, type: z.literal("acp.update"), runId: z.number().int().positive(), event: z.string().max(40), payload: z.record(z.string(), z.unknown()) })
  .strict();

const ZUsage = z.object({
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  cacheReadTokens: z.number().int().nullable(),
  cacheCreationTokens: z.number().int().nullable(),
});

export const ZRunUsage = z
  .object({ ...base, type: z.literal("run.usage"), runId: z.number().int().positive(), usage: ZUsage.nullable(), costUsd: z.number().nonnegative().nullable(), model: z.string().nullable() })
  .strict();

/** Relay → client: how the agent ended (the local runner's result, minus what only a local process has). */
export const ZRunEnd = z
  .object({
    ...base,
    type: z.literal("run.end"),
    runId: z.number().int().positive(),
    result: z.object({
      exitCode: z.number().int().nullable(),
      exitSignal: z.string().nullable(),
      stopReason: z.string().nullable(),
      timedOut: z.boolean(),
      cancelled: z.boolean(),
      exitedEarly: z.boolean(),
      error: z.string().nullable(),
    }),
  })
  .strict();

export const ZCancel = z.object({ ...base, type: z.literal("cancel"), runId: z.number().int().positive() }).strict();

export const ERROR_CODES = ["bad_frame", "auth_failed", "token_expired", "token_revoked", "quota_exceeded", "unknown_run", "busy", "internal"] as const;
export const ZError = z
  .object({ ...base, type: z.literal("error"), code: z.enum(ERROR_CODES), message: z.string().max(2000), runId: z.number().int().positive().optional() })
  .strict();

export const ZPing = z.object({ ...base, type: z.literal("ping") }).strict();

export const ZFrame = z.discriminatedUnion("type", [ZHello, ZRunStart, ZMcpFrame, ZAcpUpdate, ZRunUsage, ZRunEnd, ZCancel, ZError, ZPing]);
export type Frame = z.infer<typeof ZFrame>;
type Unnumbered<T> = T extends unknown ? Omit<T, "v" | "seq" | "ack"> : never;
/** A frame before the channel numbers it. */
export type Outgoing = Unnumbered<Frame>;

/** Frames of a connection rather than of the run: never numbered, buffered or replayed. */
export const CONNECTION_FRAMES: ReadonlySet<Frame["type"]> = new Set(["hello", "ping", "error"]);

/** WebSocket close codes the two ends use (4000-4999 are the application's). */
export const CLOSE = {
  authFailed: 4001,
  tokenExpired: 4002,
  tokenRevoked: 4003,
  unknownRun: 4004,
  probeDone: 4005,
  resumeGone: 4006,
  quotaExceeded: 4007,
} as const;

export const DEFAULT_MAX_FRAME_BYTES = 1024 * 1024;

/** Parses one text message; the error says what is wrong in words an operator can act on. */
export function parseFrame(data: string): { ok: true; frame: Frame } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, message: "The frame is not JSON" };
  }
  const parsed = ZFrame.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `Invalid frame${issue ? ` at ${issue.path.join(".") || "the top"}: ${issue.message}` : ""}` };
  }
  return { ok: true, frame: parsed.data };
}
