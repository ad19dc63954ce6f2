// The permission policy and the agents' environment, proven through real runs of the scripted fake agent
// (docs/security.md, "Processes"). The agent asks for one of its own tools (a read of a file the tenant should never
// see) between calls of our tools: strict refuses it and says so in the run's log, auto (the self-hosted default)
// allows it, which shows the check can fail. Strict agents also start in a scratch folder of their run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { readEnv } from "@/lib/env";
import { putRunnerConfig } from "@/lib/runners/runner-config";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { createOrg, uid, type OrgFixture } from "./fixtures";
import { setEnv, withEnv } from "./org-fixtures";
import { FAKE_AGENT, FAKE_SLUG, registerFakeBackends, scriptedCampaign, serveToolServer } from "./agent-harness";

let A: OrgFixture;
let tools: { close: () => Promise<void> };
let bin: string;
let secretDir: string;
let secretFile: string;
const SECRET = `host-secret-${uid()}`;
const savedPath = process.env.PATH;
let restoreEnv: () => void;

beforeAll(async () => {
  // claude-code starts as `npx -y @zed-industries/claude-agent-acp`: a stand-in on PATH runs the fake agent instead.
  bin = fs.mkdtempSync(path.join(os.tmpdir(), "perm-bin-"));
  // Like the real npx, it answers --version (detection probes the program a run starts, docs/runners.md).
  fs.writeFileSync(path.join(bin, "npx"), `#!/bin/sh\n[ "$1" = "--version" ] && { echo "10.9.2"; exit 0; }\nexec "${process.execPath}" "${FAKE_AGENT}"\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, "claude"), `#!/bin/sh\necho "2.0.0 (Claude Code)"\n`, { mode: 0o755 });
  process.env.PATH = `${bin}:${savedPath}`;
  restoreEnv = setEnv({ OUTREACH_EDITION: undefined, OUTREACH_AGENT_PERMISSIONS: undefined, OUTREACH_AGENT_HOME: undefined, OUTREACH_CLOUD_LOCAL_RUNNERS: undefined });
  secretDir = fs.mkdtempSync(path.join(os.tmpdir(), "perm-secret-"));
  secretFile = path.join(secretDir, "hostname");
  fs.writeFileSync(secretFile, SECRET);
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await createOrg();
});

afterAll(async () => {
  restoreEnv?.();
  process.env.PATH = savedPath;
  await tools?.close();
  fs.rmSync(bin, { recursive: true, force: true });
  fs.rmSync(secretDir, { recursive: true, force: true });
});

const READ_STEPS = () => [
  { tool: "run_start" },
  { builtin: { kind: "read", title: `Read ${secretFile}`, path: secretFile } },
  // One of the agent's own tools dressed up with our tool's name: its name and kind give it away.
  { builtin: { kind: "execute", name: "Bash", title: "mcp__outreach__run_finish" } },
  { tool: "run_finish", args: { summary: "done" } },
];

async function runScript(steps: unknown[], runner = FAKE_SLUG) {
  const { campaign } = await scriptedCampaign(A.orgId, { steps }, runner);
  const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, timeoutMs: 20_000 });
  const outcome = await started.done;
  const events = await db.runEvent.findMany({ where: { runId: started.runId }, orderBy: { seq: "asc" } });
  const lifecycle = events.filter((e) => e.type === "lifecycle").map((e) => e.payload as { phase: string; detail?: string });
  const said = events.filter((e) => e.type === "message_chunk" || e.type === "thought").map((e) => (e.payload as { text: string }).text);
  return { outcome, events, lifecycle, said };
}

/** The JSON after `prefix` in what the agent said. */
function report<T>(said: string[], prefix: string): T {
  const line = said.find((t) => t.startsWith(prefix));
  if (!line) throw new Error(`the agent never said "${prefix}…": ${JSON.stringify(said)}`);
  return JSON.parse(line.slice(prefix.length)) as T;
}

describe("strict permissions", () => {
  it("refuse the agent's own read of a host file that auto allows: the refusal is in the run's log, the file's content never is", async () => {
    // auto (the self-hosted default) allows the read: its content reaches the run's events (the test can fail).
    const auto = await runScript([...READ_STEPS().slice(0, 2), { reportEnv: ["HOME"] }, { tool: "run_finish", args: { summary: "done" } }]);
    expect(auto.outcome?.status).toBe("success");
    expect(auto.lifecycle.some((l) => l.phase === "permission_refused")).toBe(false);
    expect(auto.events.filter((e) => e.type === "tool_call_update").map((e) => e.payload)[1]).toMatchObject({ status: "completed", text: SECRET });
    // ... and keeps the dashboard's HOME, as before.
    expect(report<Record<string, string | null>>(auto.said, "env: ").HOME).toBe(process.env.HOME ?? null);

    const { outcome, events, lifecycle } = await withEnv({ OUTREACH_AGENT_PERMISSIONS: "strict" }, () => runScript(READ_STEPS()));
    // Our tools still run.
    expect(outcome).toEqual({ status: "success", failureReason: null });
    expect(lifecycle.filter((l) => l.phase === "permission_refused").map((l) => l.detail)).toEqual([`Read ${secretFile}`, "mcp__outreach__run_finish"]);
    expect(lifecycle.filter((l) => l.phase === "permission").map((l) => l.detail)).toEqual(["mcp__outreach__run_start", "mcp__outreach__run_finish"]);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    const updates = events.filter((e) => e.type === "tool_call_update").map((e) => e.payload as { status: string; text: string });
    expect(updates.map((u) => u.status)).toEqual(["completed", "failed", "failed", "completed"]);
    expect(updates[1]!.text).toBe(`Permission to run Read ${secretFile} was denied.`);
  });

  it("start the agent in its run's folder, HOME and TMPDIR inside it, none of the dashboard's settings; the folder is gone after the run", async () => {
    const names = ["HOME", "TMPDIR", "PATH", "USER", "XDG_CONFIG_HOME", "DATABASE_URL", "AUTH_SECRET", "OUTREACH_CREDENTIALS_KEYS", "OUTREACH_TOOL_SERVER_URL"];
    const { outcome, said } = await withEnv({ OUTREACH_AGENT_PERMISSIONS: "strict", XDG_CONFIG_HOME: "/home/dashboard/.config" }, () =>
      runScript([{ reportEnv: names }, { reportCwd: true }, { tool: "run_finish", args: { summary: "reported" } }]),
    );
    expect(outcome?.status).toBe("success");
    const env = report<Record<string, string | null>>(said, "env: ");
    const cwd = report<{ process: string; session: string }>(said, "cwd: ");
    expect(cwd.process).toBe(cwd.session);
    expect(path.basename(cwd.process)).toMatch(/^outreach-run-\d+-/);
    expect(env).toEqual({
      HOME: path.join(cwd.process, "home"),
      TMPDIR: path.join(cwd.process, "tmp"),
      PATH: process.env.PATH,
      USER: null,
      XDG_CONFIG_HOME: null,
      DATABASE_URL: null,
      AUTH_SECRET: null,
      OUTREACH_CREDENTIALS_KEYS: null,
      OUTREACH_TOOL_SERVER_URL: null,
    });
    expect(fs.existsSync(cwd.process)).toBe(false);
  });

  it("give agents the home the operator names (OUTREACH_AGENT_HOME), for a CLI's saved sign-in", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "agent-home-"));
    try {
      const { said } = await withEnv({ OUTREACH_AGENT_PERMISSIONS: "strict", OUTREACH_AGENT_HOME: home }, () => runScript([{ reportEnv: ["HOME", "TMPDIR"] }]));
      const env = report<Record<string, string>>(said, "env: ");
      expect(env.HOME).toBe(home);
      expect(env.TMPDIR).toMatch(/outreach-run-\d+-[^/]+\/tmp$/);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it("ask claude-code to drop its built-in tools (session/new _meta), keeping its model", async () => {
    await putRunnerConfig({ orgId: A.orgId, slug: "claude-code", config: { model: "claude-sonnet-4-5" } });
    const { said } = await withEnv({ OUTREACH_AGENT_PERMISSIONS: "strict" }, () => runScript([{ say: "hello" }], "claude-code"));
    expect(report(said, "meta: ")).toEqual({ model: "claude-sonnet-4-5", tools: [] });
  });

  it("are the cloud edition's, opted-in local runners included, without being asked for; auto cannot be set there", async () => {
    const { lifecycle, events } = await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_CLOUD_LOCAL_RUNNERS: "on" }, () => runScript(READ_STEPS()));
    expect(lifecycle.filter((l) => l.phase === "permission_refused").map((l) => l.detail)).toEqual([`Read ${secretFile}`, "mcp__outreach__run_finish"]);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(() => readEnv({ ...process.env, OUTREACH_EDITION: "cloud", OUTREACH_AGENT_PERMISSIONS: "auto" })).toThrow(/OUTREACH_AGENT_PERMISSIONS=auto cannot be used with OUTREACH_EDITION=cloud/);
  });
});
