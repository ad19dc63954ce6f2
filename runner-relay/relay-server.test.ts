// Backpressure on the relay: a client that stops reading its socket makes the relay hold the agent (its output is no
// longer read), and once the client reads again every frame arrives, numbered in order, and the run ends.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { AcpRunOptions, AcpRunResult } from "@/lib/runners/acp-runner";
import { startRelay, type Relay } from "./relay-server";
import { generateCloudKeyPair, privateKeyFrom, publicKeyFrom, signCloudToken } from "@/lib/relay-protocol/token";

const keys = generateCloudKeyPair();
const CHUNKS = 400;
const CHUNK_TEXT = "y".repeat(64 * 1024);

let relay: Relay | null = null;
afterEach(async () => {
  await relay?.close();
  relay = null;
});

describe("relay backpressure", () => {
  it("holds the agent while the client's socket is backed up and delivers everything once it drains", async () => {
    let emitted = 0;
    const logs: string[] = [];
    // An agent that says CHUNKS large chunks as fast as the relay reads them (it honours the read gate as the
    // generic ACP runner does for a real agent's stdout).
    const agent = async (opts: AcpRunOptions): Promise<AcpRunResult> => {
      for (let i = 0; i < CHUNKS; i++) {
        const hold = opts.readGate?.();
        if (hold) await hold;
        opts.onEvent("message_chunk", { text: `${i}:${CHUNK_TEXT}` });
        emitted++;
        await new Promise((r) => setImmediate(r));
      }
      return { exitCode: 0, exitSignal: null, stopReason: "end_turn", usage: null, reportedCostUsd: null, timedOut: false, cancelled: false, exitedEarly: false, error: null };
    };
    relay = await startRelay({
      port: 0,
      host: "127.0.0.1",
      backend: { slug: "test", label: "Test", binary: "none", acpArgs: [], detectBinary: "none", envPassthrough: [], ownEnv: [], installHint: "", configSchema: undefined as never },
      publicKey: publicKeyFrom(keys.publicKey),
      highWaterMark: 256 * 1024,
      runAgent: agent,
      log: (msg) => logs.push(msg),
    });

    const ws = new WebSocket(`ws://127.0.0.1:${relay.port}`, { maxPayload: 1024 * 1024 });
    const seqs: number[] = [];
    const texts: string[] = [];
    let ended = false;
    ws.on("message", (d) => {
      const f = JSON.parse(d.toString()) as { type: string; seq: number; event?: string; payload?: { text?: string } };
      if (f.seq > 0) seqs.push(f.seq);
      if (f.type === "acp.update" && f.event === "message_chunk") texts.push(f.payload!.text!.split(":")[0]!);
      if (f.type === "run.end") ended = true;
    });
    await new Promise((r) => ws.once("open", r));
    const token = signCloudToken({ org: 3, ttlSeconds: 600 }, privateKeyFrom(keys.privateKey)).token;
    ws.send(JSON.stringify({ v: 1, type: "hello", seq: 0, token }));
    ws.send(JSON.stringify({ v: 1, type: "run.start", seq: 1, runId: 7, kind: "campaign", playbook: "talk", timeoutMs: 60_000 }));

    // The client stops reading: the kernel's buffers fill, then the relay's socket buffer passes the mark.
    (ws as unknown as { _socket: net.Socket })._socket.pause();
    await expect.poll(() => logs.includes("client backed up; holding the agent"), { timeout: 20_000 }).toBe(true);
    const held = emitted;
    await new Promise((r) => setTimeout(r, 500));
    expect(emitted).toBe(held);
    expect(held).toBeLessThan(CHUNKS);

    (ws as unknown as { _socket: net.Socket })._socket.resume();
    await expect.poll(() => ended, { timeout: 20_000 }).toBe(true);
    expect(logs).toContain("client drained; reading the agent again");
    expect(texts).toEqual(Array.from({ length: CHUNKS }, (_, i) => String(i)));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    ws.close();
  });
});
