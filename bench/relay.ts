// bench/relay: what the cloud runner's relay costs.
//
//   npm run bench:relay               (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_CALLS=500 BENCH_RUNS=1000 BENCH_RUN_MS=20000 npm run bench:relay
//
// 1. Tool-call round trip, as the agent measures it (the scripted fake agent's `timeTool` step: one MCP tools/call
//    after another, blocklist_check with one target, BENCH_CALLS timed after 50 untimed):
//    - local: the agent's stdio MCP client -> bin/outreach-mcp.mjs -> HTTP /api/mcp of `next start`;
//    - cloud: the agent (started by a real relay process, `npm run relay`'s entry) -> runner-relay/mcp-bridge.mjs ->
//      the relay -> WebSocket -> this process's tool host -> HTTP /api/mcp of the same `next start`.
// 2. Load: BENCH_RUNS concurrent relayed runs on one relay process (bench/relay-sim.ts: the real relay server with a
//    simulated agent per run, since a thousand agent processes do not fit on one machine). Each run streams a message
//    chunk every 100 ms and calls a tool every second for BENCH_RUN_MS; the clients are real tool hosts
//    (runCloudAgent) in this process answering from a loopback JSON-RPC server. Printed: frames per second through
//    the relay, its RSS idle and at peak (per run), its CPU, and the tool round trip under that load.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { pct, printTable, startNext } from "./support";

const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const RUN_MS = Number(process.env.BENCH_RUN_MS ?? 20_000);
const FAKE_AGENT = path.resolve("e2e/fixtures/fake-acp-agent.mjs");

Object.assign(process.env, { OUTREACH_AUTH: "off", LOG_LEVEL: "silent" });

/** Starts a TypeScript entry with tsx and waits for its `RELAY_READY <port>` line. */
async function startChild(entry: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /RELAY_READY (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`${entry} exited with ${code}: ${out}`)));
  });
  child.stdout!.resume();
  return {
    child,
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

const ms = (v: number) => (v < 1 ? `${(v * 1000).toFixed(0)} µs` : `${v.toFixed(2)} ms`);

async function roundTrip(keys: { privateKey: string; publicKey: string }) {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("bench_relay");
  process.env.DATABASE_URL = fresh.url;
  // The fake agent as an extra backend, the way a user adds one (docs/runners.md).
  const backends = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-relay-")), "backends.json");
  fs.writeFileSync(backends, JSON.stringify([{ slug: "fake-agent", label: "Fake agent", binary: process.execPath, acpArgs: [FAKE_AGENT] }]));
  process.env.OUTREACH_EXTRA_BACKENDS = backends;

  const { db, closeDb } = await import("../lib/db/client");
  const { mintRunToken } = await import("../lib/runs/run-token");
  const { dispatchRun } = await import("../lib/runners/dispatch-run");
  const { privateKeyFrom, signCloudToken } = await import("../lib/relay-protocol/token");

  let server: Awaited<ReturnType<typeof startNext>> | undefined;
  let relay: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    const org = await db.organization.create({ data: { name: "Bench org", slug: "bench-relay" } });
    const project = await db.project.create({ data: { organizationId: org.id, name: "Bench project", description: "A project" } });
    const campaign = await db.campaign.create({
      data: { organizationId: org.id, projectId: project.id, name: "Bench campaign", platform: "forum", skill: "forum-scout", runner: "cloud", state: "active" },
    });
    await db.blocklistEntry.createMany({ data: Array.from({ length: 80 }, (_, i) => ({ organizationId: org.id, projectId: null, type: "user" as const, value: `spammer_${i}` })) });
    server = await startNext(fresh.url);
    const toolServerUrl = `${server.base}/api/mcp`;
    relay = await startChild("runner-relay/main.ts", { OUTREACH_RELAY_PORT: "0", RELAY_BACKEND: "fake-agent", RELAY_TOKEN_PUBLIC_KEY: keys.publicKey, OUTREACH_EXTRA_BACKENDS: backends });
    process.env.OUTREACH_CLOUD_RELAY_URL = `ws://127.0.0.1:${relay.port}`;
    process.env.OUTREACH_CLOUD_TOKEN = signCloudToken({ org: org.id, ttlSeconds: 3600 }, privateKeyFrom(keys.privateKey)).token;

    const script = { steps: [{ timeTool: "blocklist_check", args: { targets: [{ targetUser: "someone_new" }] }, calls: 50 }, { timeTool: "blocklist_check", args: { targets: [{ targetUser: "someone_new" }] }, calls: CALLS }] };
    const body = `Bench.\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n`;
    const timed = async (runner: string) => {
      const { token, hash } = mintRunToken();
      const run = await db.run.create({
        data: { organizationId: org.id, kind: "campaign", runner, campaignId: campaign.id, projectId: project.id, playbookSlug: "bench", playbookBody: body, runTokenHash: hash, status: "running" },
      });
      await dispatchRun({ orgId: org.id, runId: run.id, token, toolServerUrl, timeoutMs: 600_000 });
      const said = await db.runEvent.findMany({ where: { runId: run.id, type: "message_chunk" }, orderBy: { seq: "asc" } });
      const lines = said.map((e) => (e.payload as { text: string }).text).filter((t) => t.startsWith("timings "));
      if (lines.length !== 2) throw new Error(`${runner}: expected two timing reports, got ${JSON.stringify(said.map((e) => e.payload)).slice(0, 500)}`);
      return JSON.parse(lines[1]!.replace(/^timings blocklist_check: /, "")) as number[];
    };
    const local = await timed("fake-agent");
    const cloud = await timed("cloud");
    console.log(`\n1. tool-call round trip as the agent sees it: blocklist_check, one call in flight, ${CALLS} calls after 50 warm-up\n`);
    printTable(
      ["path", "p50", "p90", "p99"],
      [
        ["local: stdio -> bridge -> HTTP /api/mcp", ms(pct(local, 50)), ms(pct(local, 90)), ms(pct(local, 99))],
        ["cloud: stdio -> relay bridge -> WebSocket -> tool host -> HTTP /api/mcp", ms(pct(cloud, 50)), ms(pct(cloud, 90)), ms(pct(cloud, 99))],
        ["what the relay adds", ms(pct(cloud, 50) - pct(local, 50)), ms(pct(cloud, 90) - pct(local, 90)), ms(pct(cloud, 99) - pct(local, 99))],
      ],
    );
  } finally {
    await relay?.stop();
    await server?.stop();
    await closeDb();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

async function load(keys: { privateKey: string; publicKey: string }) {
  const { runCloudAgent } = await import("../lib/runners/cloud/run-cloud-agent");
  const { privateKeyFrom, signCloudToken } = await import("../lib/relay-protocol/token");
  // The tool server the tool hosts answer from: JSON-RPC on loopback, answering at once (the relay is under test).
  let toolCalls = 0;
  const tools = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const message = JSON.parse(Buffer.concat(chunks).toString()) as { id?: number; method?: string };
      if (message.id === undefined) return void res.writeHead(202).end();
      toolCalls++;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result: { content: [{ type: "text", text: '{"blocked":[]}' }] } }));
    });
  });
  tools.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => tools.listen(0, "127.0.0.1", resolve));
  const toolServerUrl = `http://127.0.0.1:${(tools.address() as AddressInfo).port}/api/mcp`;

  const relay = await startChild("bench/relay-sim.ts", { RELAY_TOKEN_PUBLIC_KEY: keys.publicKey, SIM_RUN_MS: String(RUN_MS) });
  const pid = relay.child.pid!;
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = rssMb(pid);
  const token = signCloudToken({ org: 1, ttlSeconds: 3600 }, privateKeyFrom(keys.privateKey)).token;
  let updates = 0;
  let peakRss = idleRss;
  let live = 0;
  let peakLive = 0;
  const toolMs: number[] = [];
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 250);
  const cpu0 = cpuSeconds(pid);
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    const runs: Promise<{ failure: unknown }>[] = [];
    for (let i = 1; i <= RUNS; i++) {
      live++;
      peakLive = Math.max(peakLive, live);
      runs.push(
        runCloudAgent({
          relayUrl: `ws://127.0.0.1:${relay.port}`, cloudToken: token, runId: i, runToken: "unused", toolServerUrl, kind: "campaign",
          playbook: "simulated", timeoutMs: RUN_MS + 60_000,
          onEvent: (type, payload) => {
            updates++;
            if (type === "bench") toolMs.push(...(payload as { toolMs: number[] }).toolMs);
          },
        }).finally(() => live--),
      );
      // Connections open in steps of 50, as runs start over a scheduler's minute rather than in one instant.
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 20));
    }
    const results = await Promise.all(runs);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(pid) - cpu0;
    const clientCpu = process.cpuUsage(clientCpu0);
    const clientCpuSeconds = (clientCpu.user + clientCpu.system) / 1e6;
    const failed = results.filter((r) => r.failure).length;
    // Through the relay: every update relay -> client, every tool call relay -> client and its answer back.
    const frames = updates + 2 * toolCalls;
    console.log(`\n2. ${RUNS} concurrent relayed runs on one relay process (${RUN_MS / 1000} s each; a chunk every 100 ms, a tool call every second)\n`);
    printTable(
      ["figure", "value"],
      [
        ["runs alive at once (peak)", String(peakLive)],
        ["runs failed", String(failed)],
        ["frames through the relay", String(frames)],
        ["frames per second", (frames / seconds).toFixed(0)],
        ["tool calls answered", String(toolCalls)],
        ["tool round trip under load p50", ms(pct(toolMs, 50))],
        ["tool round trip under load p99", ms(pct(toolMs, 99))],
        ["relay RSS idle", `${idleRss.toFixed(1)} MB`],
        ["relay RSS peak", `${peakRss.toFixed(1)} MB`],
        ["relay RSS per run", `${(((peakRss - idleRss) * 1024) / RUNS).toFixed(1)} kB`],
        ["relay CPU (one core = 100 %)", `${((cpu / seconds) * 100).toFixed(0)} %`],
        ["clients' CPU, this process (one core = 100 %)", `${((clientCpuSeconds / seconds) * 100).toFixed(0)} %`],
      ],
    );
  } finally {
    clearInterval(sampler);
    await relay.stop();
    tools.closeAllConnections();
    await new Promise<void>((resolve) => tools.close(() => resolve()));
  }
}

async function main() {
  const { generateCloudKeyPair } = await import("../lib/relay-protocol/token");
  const keys = generateCloudKeyPair();
  if (process.env.BENCH_PART !== "load") await roundTrip(keys);
  if (process.env.BENCH_PART !== "roundtrip") await load(keys);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
