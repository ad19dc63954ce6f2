// bench/tools: what one agent tool call costs, along the path the agent uses and without it.
//
//   npm run bench:tools               (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_CALLS=500 npm run bench:tools
//
// In a fresh database: one organization with a project, a campaign, 50 drafts in it, 80 blocklist entries and a
// `running` run with a minted token. Then, one call in flight at a time, BENCH_CALLS calls (after a warm-up) of
// `blocklist_check` (one target) and `drafts_get` (the latest 20) along:
//   - the agent's path: an MCP client over stdio to bin/outreach-mcp.mjs, which relays to /api/mcp of `next start`;
//   - HTTP alone: the same JSON-RPC POST to /api/mcp without the bridge (what the bridge adds is the difference);
//   - in-process: createToolServer(binding) behind an in-memory transport (MCP framing and zod, no HTTP);
//   - the domain function itself (checkBlocklist, getRunDrafts);
// and, to split the HTTP figure, a request the route refuses at once, the route's body run in this process, and the
// run-binding lookup that /api/mcp performs on every request.
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { pct, printTable, startNext } from "./support";

const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const WARMUP = Math.min(50, CALLS);

// The env module reads the environment when first imported; sign-in plays no part in the tool path.
Object.assign(process.env, { OUTREACH_AUTH: "off", LOG_LEVEL: "silent" });

interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

const CALLS_UNDER_TEST: ToolCall[] = [
  { name: "blocklist_check", arguments: { targets: [{ targetUser: "someone_new" }] } },
  { name: "drafts_get", arguments: { limit: 20 } },
];

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("bench_tools");
  // The app modules below share one pool on DATABASE_URL, read at first use: point it at the fresh database.
  process.env.DATABASE_URL = fresh.url;
  const { db, closeDb } = await import("../lib/db/client");
  const { mintRunToken } = await import("../lib/runs/run-token");
  const { resolveRunBinding } = await import("../lib/mcp/binding");
  const { createToolServer } = await import("../lib/mcp/create-tool-server");
  const { checkBlocklist } = await import("../lib/blocklist/check-blocklist");
  const { getRunDrafts } = await import("../lib/drafts/get-run-drafts");
  const { serveToolRequest } = await import("../lib/mcp/serve-tool-request");

  let server: { base: string; stop(): Promise<void> } | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  try {
    // Rows as the integration fixtures create them, plus a blocklist and drafts so the tools have work to do.
    const org = await db.organization.create({ data: { name: "Bench org", slug: "bench-tools" } });
    const project = await db.project.create({ data: { organizationId: org.id, name: "Bench project", description: "A project" } });
    const campaign = await db.campaign.create({
      data: { organizationId: org.id, projectId: project.id, name: "Bench campaign", platform: "forum", skill: "forum-scout", runner: "cloud", state: "active" },
    });
    await db.blocklistEntry.createMany({
      data: [
        ...Array.from({ length: 40 }, (_, i) => ({ organizationId: org.id, projectId: null, type: "user" as const, value: `spammer_${i}` })),
        ...Array.from({ length: 20 }, (_, i) => ({ organizationId: org.id, projectId: project.id, type: "user" as const, value: `competitor_${i}` })),
        ...Array.from({ length: 10 }, (_, i) => ({ organizationId: org.id, projectId: null, type: "community" as const, value: `offtopic_${i}` })),
        ...Array.from({ length: 10 }, (_, i) => ({ organizationId: org.id, projectId: null, type: "keyword" as const, value: `word${i}` })),
      ],
    });
    await db.draft.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({
        organizationId: org.id, projectId: project.id, campaignId: campaign.id, kind: "dm" as const, platform: "forum",
        accountHandle: "me", targetUser: `person_${i}`, body: `Hi, I read your post about onboarding (${i}) and had a thought that might help.`,
        qualityScore: 50 + (i % 50), qualityReason: "bench",
      })),
    });
    // A running run with a fresh token, as test/int/agent-harness.ts runningRun creates it.
    const { token, hash } = mintRunToken();
    const run = await db.run.create({
      data: { organizationId: org.id, kind: "campaign", runner: "cloud", campaignId: campaign.id, projectId: project.id, playbookSlug: "bench", runTokenHash: hash, status: "running" },
    });
    const binding = await resolveRunBinding({ runId: run.id, token });

    server = await startNext(fresh.url);
    const mcpUrl = `${server.base}/api/mcp`;

    // (a) The agent's path: stdio to the bridge, the bridge over HTTP to the route.
    const stdio = new StdioClientTransport({
      command: process.execPath,
      args: [path.resolve("bin/outreach-mcp.mjs")],
      env: { PATH: process.env.PATH ?? "", OUTREACH_MCP_URL: mcpUrl, OUTREACH_RUN_ID: String(run.id), OUTREACH_RUN_TOKEN: token },
      stderr: "inherit",
    });
    const viaBridge = new Client({ name: "bench-agent", version: "1.0.0" });
    await viaBridge.connect(stdio);
    closers.push(() => viaBridge.close());

    // (b) In-process: the same tool server, no transport but memory.
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const toolServer = createToolServer(binding);
    await toolServer.connect(serverSide);
    const inProcess = new Client({ name: "bench-in-process", version: "1.0.0" });
    await inProcess.connect(clientSide);
    closers.push(() => inProcess.close(), () => toolServer.close());

    // HTTP alone: the JSON-RPC request the bridge would forward. The route is stateless, so no session is needed.
    let rpcId = 0;
    const rpcRequest = (call: ToolCall) =>
      new Request(mcpUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${token}`,
          "x-outreach-run-id": String(run.id),
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method: "tools/call", params: call }),
      });
    const readRpc = async (call: ToolCall, res: Response) => {
      const body = (await res.json()) as { result?: { isError?: boolean; content?: unknown }; error?: unknown };
      if (!res.ok || !body.result || body.result.isError) throw new Error(`/api/mcp ${call.name}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body.result;
    };
    // The floor of any request to the route: Next's handling and HTTP, refused before any database work.
    const refused = async () => {
      const res = await fetch(mcpUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      await res.arrayBuffer();
      if (res.status !== 401) throw new Error(`/api/mcp without a token: HTTP ${res.status}`);
    };
    const postTool = async (call: ToolCall) => readRpc(call, await fetch(rpcRequest(call)));
    // The route's body run in this process (fresh server + transport per request, as /api/mcp does), without Next,
    // HTTP or the binding lookup: splits the HTTP row into what the handler costs and what serving it costs.
    const routeBody = async (call: ToolCall) => readRpc(call, await serveToolRequest(rpcRequest(call), binding));
    const callOk = async (client: Client, call: ToolCall) => {
      const result = await client.callTool(call);
      if (result.isError) throw new Error(`${call.name}: ${JSON.stringify(result.content).slice(0, 300)}`);
      return result;
    };

    const direct: Record<string, () => Promise<unknown>> = {
      blocklist_check: () => checkBlocklist({ orgId: binding.orgId, projectId: binding.projectId, targets: [{ targetUser: "someone_new" }] }),
      drafts_get: () => getRunDrafts({ orgId: binding.orgId, runId: binding.runId, campaignId: binding.campaignId }, { limit: 20 }),
    };

    // Each answer is checked once, so a path that fails fast is not mistaken for a fast path.
    for (const call of CALLS_UNDER_TEST) {
      const text = ((await callOk(viaBridge, call)).content as Array<{ text: string }>)[0]!.text;
      if (call.name === "drafts_get" && (JSON.parse(text) as { drafts: unknown[] }).drafts.length !== 20) throw new Error(`drafts_get: ${text.slice(0, 200)}`);
    }

    const paths: Array<{ label: string; run: (call: ToolCall) => Promise<unknown> }> = [
      { label: "(a) agent path: stdio -> bridge -> HTTP /api/mcp", run: (call) => callOk(viaBridge, call) },
      { label: "    HTTP POST /api/mcp alone (no bridge)", run: postTool },
      { label: "    HTTP floor: /api/mcp refused, no token (401)", run: refused },
      { label: "    route body in-process (serveToolRequest)", run: routeBody },
      { label: "(b) in-process: createToolServer + in-memory", run: (call) => callOk(inProcess, call) },
      { label: "(c) domain function", run: (call) => direct[call.name]!() },
      { label: "    run binding lookup (per HTTP request)", run: () => resolveRunBinding({ runId: run.id, token }) },
    ];

    console.log(`\none call in flight, ${CALLS} calls per cell after ${WARMUP} warm-up; blocklist_check: 1 target, 80 entries; drafts_get: latest 20 of 50\n`);
    const rows: string[][] = [];
    for (const p of paths) {
      const cells: string[] = [p.label];
      for (const call of CALLS_UNDER_TEST) {
        const times = await timeCalls(() => p.run(call));
        cells.push(ms(pct(times, 50)), ms(pct(times, 99)));
      }
      rows.push(cells);
    }
    printTable(["path", "blocklist_check p50", "p99", "drafts_get p50", "p99"], rows);
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await server?.stop();
    await closeDb();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

/** WARMUP untimed calls, then CALLS timed ones, one at a time; returns each latency in ms. */
async function timeCalls(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times;
}

const ms = (v: number) => (v < 1 ? `${(v * 1000).toFixed(0)} µs` : `${v.toFixed(2)} ms`);

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
