// The relay of bench/relay's load test: the real relay server (runner-relay/relay-server.ts) in its own process, with
// a simulated agent in place of agent processes (a thousand real agents would not fit on one machine; each real
// backend's own memory comes on top of the relay's). The simulated agent does what the relay sees of an agent: it
// connects to the relay's MCP bridge listener with its key, exactly as runner-relay/mcp-bridge.mjs does, sends a
// tools/call every TOOL_EVERY_MS and waits for the answer, and reports a message chunk every CHUNK_EVERY_MS, until
// its run is cancelled or RUN_MS has passed. At the end it reports its tool round trips as one `bench` event.
//
// Started by bench/relay.ts: RELAY_TOKEN_PUBLIC_KEY, SIM_RUN_MS, SIM_CHUNK_EVERY_MS, SIM_TOOL_EVERY_MS.
import net from "node:net";
import type { AcpRunOptions, AcpRunResult } from "@/lib/runners/acp-runner";
import { startRelay } from "@/runner-relay/relay-server";
import { publicKeyFrom } from "@/lib/relay-protocol/token";

const RUN_MS = Number(process.env.SIM_RUN_MS ?? 20_000);
const CHUNK_EVERY_MS = Number(process.env.SIM_CHUNK_EVERY_MS ?? 100);
const TOOL_EVERY_MS = Number(process.env.SIM_TOOL_EVERY_MS ?? 1_000);

async function simulatedAgent(opts: AcpRunOptions): Promise<AcpRunResult> {
  const env = Object.fromEntries((opts.mcpServers[0] as { env: Array<{ name: string; value: string }> }).env.map((e) => [e.name, e.value]));
  const socket = net.connect(Number(env.RELAY_BRIDGE_PORT), "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.setNoDelay(true);
  socket.write(`${JSON.stringify({ key: env.RELAY_BRIDGE_KEY })}\n`);
  const waiting = new Map<number, () => void>();
  let buffer = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) !== -1) {
      const message = JSON.parse(buffer.slice(0, nl)) as { id?: number };
      buffer = buffer.slice(nl + 1);
      if (typeof message.id === "number") waiting.get(message.id)?.();
    }
  });

  opts.onEvent("lifecycle", { phase: "spawned", detail: "simulated agent" });
  const toolMs: number[] = [];
  let id = 0;
  const callTool = () =>
    new Promise<void>((resolve) => {
      const callId = ++id;
      const t = performance.now();
      waiting.set(callId, () => {
        waiting.delete(callId);
        toolMs.push(performance.now() - t);
        resolve();
      });
      socket.write(`${JSON.stringify({ jsonrpc: "2.0", id: callId, method: "tools/call", params: { name: "blocklist_check", arguments: { targets: [{ targetUser: "someone" }] } } })}\n`);
    });

  const end = Date.now() + RUN_MS;
  let chunk = 0;
  let nextTool = Date.now() + Math.random() * TOOL_EVERY_MS;
  while (Date.now() < end && !opts.signal?.aborted) {
    opts.onEvent("message_chunk", { messageId: "m", text: `part ${++chunk} of what the agent is saying about the thread it read` });
    if (Date.now() >= nextTool) {
      nextTool += TOOL_EVERY_MS;
      await callTool();
    }
    await new Promise((r) => setTimeout(r, CHUNK_EVERY_MS));
  }
  opts.onEvent("bench", { toolMs });
  socket.destroy();
  return { exitCode: 0, exitSignal: null, stopReason: "end_turn", usage: null, reportedCostUsd: null, timedOut: false, cancelled: !!opts.signal?.aborted, exitedEarly: false, error: null };
}

const relay = await startRelay({
  port: 0,
  host: "127.0.0.1",
  backend: { slug: "simulated", label: "Simulated", binary: "none", acpArgs: [], detectBinary: "none", envPassthrough: [], ownEnv: [], installHint: "", configSchema: undefined as never },
  publicKey: publicKeyFrom(process.env.RELAY_TOKEN_PUBLIC_KEY!),
  runAgent: simulatedAgent,
});
process.stdout.write(`RELAY_READY ${relay.port}\n`);
process.once("SIGTERM", () => void relay.close().finally(() => process.exit(0)));
