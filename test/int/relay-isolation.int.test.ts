// The relay runs playbooks strangers wrote (docs/security.md, "Processes"): a real relay process (runner-relay/main.ts)
// runs the scripted fake agent as its claude-code backend, holding secrets of its own (the report secret, a database
// URL in its environment). Its agent must see none of them, start in a scratch folder of the run that is gone
// afterwards, be asked to drop its built-in tools, and have its own tools refused (the relay is always strict).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { detectRunners } from "@/lib/runners/detect-runners";
import { requestProjectInsights } from "@/lib/insights/request-project-insights";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { generateCloudKeyPair, privateKeyFrom, signCloudToken } from "@/lib/relay-protocol/token";
import { createOrg, uid, type OrgFixture } from "./fixtures";
import { setEnv } from "./org-fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptedCampaign, scriptOrgPlaybook, serveToolServer } from "./agent-harness";
import { agentShims, RELAY_MODEL, startRelayProcess, type RelayProcess } from "./relay-harness";

const REPORT_SECRET = `relay-report-secret-${uid()}`;
const DATABASE_URL_OF_RELAY = `postgresql://relay:${uid()}@db.internal/relay`;
const OWN_KEY = `sk-ant-relay-${uid()}`;
const SECRET = `relay-host-secret-${uid()}`;

let A: OrgFixture;
let relay: RelayProcess;
let tools: { close: () => Promise<void> };
let shims: string;
let secretDir: string;
let secretFile: string;
let restoreEnv: () => void;

beforeAll(async () => {
  const keys = generateCloudKeyPair();
  shims = agentShims();
  secretDir = fs.mkdtempSync(path.join(os.tmpdir(), "relay-secret-"));
  secretFile = path.join(secretDir, "hostname");
  fs.writeFileSync(secretFile, SECRET);
  relay = await startRelayProcess({
    env: {
      RELAY_BACKEND: "claude-code",
      RELAY_MODEL,
      RELAY_TOKEN_PUBLIC_KEY: keys.publicKey,
      RELAY_REPORT_SECRET: REPORT_SECRET,
      DATABASE_URL: DATABASE_URL_OF_RELAY,
      ANTHROPIC_API_KEY: OWN_KEY,
      HTTPS_PROXY: "http://proxy.internal:3128",
      RELAY_AGENT_ENV: "HTTPS_PROXY",
      PATH: `${shims}:${process.env.PATH}`,
    },
  });
  const { token } = signCloudToken({ org: 7, ttlSeconds: 3600 }, privateKeyFrom(keys.privateKey));
  restoreEnv = setEnv({ OUTREACH_CLOUD_RELAY_URL: relay.url, OUTREACH_CLOUD_TOKEN: token });
  await registerFakeBackends();
  await detectRunners({ refresh: true });
  tools = await serveToolServer();
  A = await createOrg();
});

afterAll(async () => {
  await relay?.stop();
  await tools?.close();
  restoreEnv?.();
  await detectRunners({ refresh: true });
  fs.rmSync(shims, { recursive: true, force: true });
  fs.rmSync(secretDir, { recursive: true, force: true });
});

/** The JSON after `prefix` in what the agent said. */
function report<T>(said: string[], prefix: string): T {
  const line = said.find((t) => t.startsWith(prefix));
  if (!line) throw new Error(`the agent never said "${prefix}…": ${JSON.stringify(said)}`);
  return JSON.parse(line.slice(prefix.length)) as T;
}

const eventsOf = (runId: number) => db.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
const saidIn = (events: Awaited<ReturnType<typeof eventsOf>>) =>
  events.filter((e) => e.type === "message_chunk" || e.type === "thought").map((e) => (e.payload as { text: string }).text);

describe("an agent on the relay", () => {
  it("sees none of the relay's secrets, works in a scratch folder that is gone after the run, and has its own tools refused", async () => {
    const names = ["RELAY_REPORT_SECRET", "RELAY_TOKEN_PUBLIC_KEY", "OUTREACH_RELAY_PORT", "DATABASE_URL", "USER", "ANTHROPIC_API_KEY", "HTTPS_PROXY", "HOME", "TMPDIR"];
    const { campaign } = await scriptedCampaign(
      A.orgId,
      {
        steps: [
          { reportEnv: names },
          { reportCwd: true },
          { tool: "run_start" },
          { builtin: { kind: "read", title: `Read ${secretFile}`, path: secretFile } },
          { tool: "run_finish", args: { summary: "done on the relay" } },
        ],
      },
      "cloud",
    );
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, timeoutMs: 30_000 });
    expect(await started.done).toEqual({ status: "success", failureReason: null });
    const events = await eventsOf(started.runId);
    const said = saidIn(events);

    const cwd = report<{ process: string; session: string }>(said, "cwd: ");
    expect(cwd.process).toBe(cwd.session);
    expect(path.basename(cwd.process)).toMatch(new RegExp(`^relay-run-${started.runId}-`));
    expect(report(said, "env: ")).toEqual({
      RELAY_REPORT_SECRET: null,
      RELAY_TOKEN_PUBLIC_KEY: null,
      OUTREACH_RELAY_PORT: null,
      DATABASE_URL: null,
      USER: null,
      // The backend's own credential, and what the operator handed over by name (RELAY_AGENT_ENV).
      ANTHROPIC_API_KEY: OWN_KEY,
      HTTPS_PROXY: "http://proxy.internal:3128",
      HOME: path.join(cwd.process, "home"),
      TMPDIR: path.join(cwd.process, "tmp"),
    });
    // The relay removes the folder when the run ends (its last frames may arrive a moment before).
    await expect.poll(() => fs.existsSync(cwd.process), { timeout: 5_000 }).toBe(false);

    // Asked to drop its built-in tools, with the relay's model.
    expect(report(said, "meta: ")).toEqual({ model: RELAY_MODEL, tools: [] });
    const lifecycle = events.filter((e) => e.type === "lifecycle").map((e) => e.payload as { phase: string; detail?: string });
    expect(lifecycle.filter((l) => l.phase === "permission_refused").map((l) => l.detail)).toEqual([`Read ${secretFile}`]);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(JSON.stringify(events)).not.toContain(REPORT_SECRET);
  });

  it("a relay refuses to start when told to hand its own settings to agents", async () => {
    const keys = generateCloudKeyPair();
    await expect(
      startRelayProcess({ env: { RELAY_BACKEND: "claude-code", RELAY_TOKEN_PUBLIC_KEY: keys.publicKey, RELAY_AGENT_ENV: "HTTPS_PROXY,RELAY_REPORT_SECRET" } }),
    ).rejects.toThrow(/exited with 2[\s\S]*RELAY_AGENT_ENV cannot hand RELAY_\* or OUTREACH_\* variables to agents/);
  });
});

describe("the cloud edition's background runs", () => {
  it("a project brief whose campaign still names a local runner runs on the cloud runner", async () => {
    const restore = setEnv({ OUTREACH_EDITION: "cloud" });
    try {
      const { project } = await scriptedCampaign(A.orgId, { steps: [{ say: "never run locally" }] }, FAKE_SLUG);
      await scriptOrgPlaybook(A.orgId, "project-insighter", { steps: [{ say: "Writing the brief on the cloud runner." }] });
      const started = await requestProjectInsights({ orgId: A.orgId, projectId: project.id });
      await started.done;
      expect((await db.run.findUniqueOrThrow({ where: { id: started.runId } })).runner).toBe("cloud");
      const events = await eventsOf(started.runId);
      expect(events.some((e) => e.type === "lifecycle" && (e.payload as { phase: string }).phase === "relay_connected")).toBe(true);
      expect(saidIn(events).join("")).toContain("Writing the brief on the cloud runner.");
    } finally {
      restore();
    }
  });
});
