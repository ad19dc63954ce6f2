// A real third-party ACP agent: the Gemini CLI (npm @google/gemini-cli), started the way its backend entry starts it
// (`gemini --acp`). Offline it cannot prompt a model, so this proves the part that does not need one: `initialize`
// and `session/new` succeed with our tool server attached exactly as the dispatcher attaches it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLocalBackend } from "@/lib/runners/backends";
import { MCP_BRIDGE } from "@/lib/runners/dispatch-run";
import { TOOL_SERVER_NAME } from "@/lib/mcp/tool-server-name";
import * as mcpRoute from "@/app/api/mcp/route";
import { createOrg } from "./fixtures";
import { runningRun, serveRoute } from "./agent-harness";

const GEMINI = path.resolve("node_modules/.bin/gemini");
let mcp: { url: string; close: () => Promise<void> };
const methodsSeen: string[] = [];
let home: string;

beforeAll(async () => {
  mcp = await serveRoute(async (req) => {
    const body = (await req.clone().json().catch(() => null)) as { method?: string } | null;
    if (body?.method) methodsSeen.push(body.method);
    return mcpRoute.POST(req);
  });
  home = fs.mkdtempSync(path.join(os.tmpdir(), "gemini-home-"));
});

afterAll(async () => {
  await mcp?.close();
  fs.rmSync(home, { recursive: true, force: true });
});

describe("the Gemini CLI as an ACP backend", () => {
  it("answers initialize and session/new with the outreach tool server attached", async () => {
    const backend = findLocalBackend("gemini")!;
    expect(backend.acpArgs).toEqual(["--acp"]);
    const org = await createOrg();
    const { run, token } = await runningRun(org.orgId, { kind: "campaign", runner: "gemini", script: { steps: [] } });
    const binding = { OUTREACH_RUN_ID: String(run.id), OUTREACH_RUN_TOKEN: token, OUTREACH_MCP_URL: mcp.url, OUTREACH_CAMPAIGN_ID: "", OUTREACH_PROJECT_ID: "" };

    // A dummy key: the CLI needs one to start, and no request ever leaves the machine in this test.
    const child = spawn(GEMINI, backend.acpArgs, {
      cwd: home,
      env: { PATH: process.env.PATH, HOME: home, GEMINI_API_KEY: "offline-dummy-key", ...binding } as unknown as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    try {
      const stream = acp.ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>);
      const { init, session }: { init: acp.InitializeResponse; session: acp.NewSessionResponse } = await acp
        .client({ name: "outreach-dashboard-test" })
        .onNotification(acp.methods.client.session.update, () => undefined)
        .connectWith(stream, async (ctx) => {
          const init = await ctx.request(acp.methods.agent.initialize, {
            protocolVersion: acp.PROTOCOL_VERSION,
            clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
          });
          const session = await ctx.request(acp.methods.agent.session.new, {
            cwd: home,
            mcpServers: [{ name: TOOL_SERVER_NAME, command: process.execPath, args: [MCP_BRIDGE], env: Object.entries(binding).map(([name, value]) => ({ name, value })) }] as acp.McpServer[],
          });
          return { init, session };
        });
      expect(init.protocolVersion).toBe(acp.PROTOCOL_VERSION);
      expect(typeof session.sessionId).toBe("string");
      expect(session.sessionId.length).toBeGreaterThan(0);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- gemini stderr ---\n${stderr.slice(-3000)}`);
    } finally {
      child.stdin.end();
      child.kill();
    }
    // When the CLI connects to the attached server at session start, it does so through our bridge and endpoint.
    // Observed: the CLI (0.61) does not open the attached server before the first prompt, which needs a model:
    // the tool path itself is covered by the fake agent's runs (runs.int.test.ts).
    expect(methodsSeen.filter((m) => m !== "initialize" && m !== "notifications/initialized" && m !== "tools/list")).toEqual([]);
  }, 60_000);
});
