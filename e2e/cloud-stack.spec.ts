// `npm run cloud` from an operator's seat: the hosted stack started the way the README says (its script, on free ports,
// a temporary data directory, the scripted fake agent as the relay's agent), on the e2e tier's production build. A
// stranger signs up through the HTTP API, makes a project, a forum account and a campaign (on the cloud runner, the
// default), presses Run now and gets a successful run with a draft, run by the relay the stack started. SIGTERM stops
// it with nothing it started left running; a second start on the same data directory keeps the secrets (the session
// still works, and a cloud runner token issued before still verifies with the relay), and stops cleanly too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import WebSocket from "ws";
import type { FreshDatabase } from "../test/int/fresh-database";
import { survivors } from "../test/int/process-tree";
import { stackEnv, startStack, stopAllStacks, stopStack } from "./cloud-stack-harness";

/** What the relay answers a client's hello with this token: "accepted", or why not. */
function relayHello(port: number, token: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`);
    const done = (verdict: string) => {
      ws.removeAllListeners();
      ws.on("error", () => undefined);
      ws.terminate();
      resolve(verdict);
    };
    ws.on("open", () => ws.send(JSON.stringify({ v: 1, type: "hello", seq: 0, token, probe: true })));
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; message?: string };
      if (frame.type === "hello") done("accepted");
      else if (frame.type === "error") done(`refused: ${frame.message}`);
    });
    ws.on("close", (code) => done(`closed ${code}`));
    ws.on("error", (err) => done(`error: ${err.message}`));
  });
}

let dataDir: string;
let database: FreshDatabase | null = null;
const apis: APIRequestContext[] = [];

test.afterAll(async () => {
  await stopAllStacks();
  for (const a of apis) await a.dispose();
  // Made on DATABASE_URL's server only (without it the stack's own embedded PostgreSQL lives in dataDir).
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("npm run cloud: sign up, a campaign run on the stack's own relay with a draft, a clean stop, and the same secrets on the next start", async () => {
  test.setTimeout(300_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-cloud-stack-"));
  // The embedded PostgreSQL runs as the postgres user when the tests run as root: it must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  // An operator's fresh machine; DATABASE_URL's server (CI) when there is one, else the stack's embedded PostgreSQL.
  const made = await stackEnv(dataDir);
  const { env, port, relayPort } = made;
  database = made.database;

  // 1. The stack comes up and says where, and that anyone can sign up.
  const first = await startStack(env);
  expect(first.output()).toContain(`Dashboard     http://localhost:${port}`);
  expect(first.output()).toContain("Sign-up is open");
  expect(first.output()).toContain(`relay on port ${relayPort}, agent fake-agent (scripted)`);
  const secretsFile = path.join(dataDir, "cloud-stack.json");
  expect(fs.statSync(secretsFile).mode & 0o777).toBe(0o600);
  const secrets = fs.readFileSync(secretsFile, "utf8");

  // 2. A stranger signs up: a new organization of their own, signed in.
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${port}` });
  apis.push(api);
  const signup = await api.post("/api/auth/signup", { data: { organizationName: "Harbor Labs", username: "hana", email: "hana@harbor.example", password: "hana-password-123" } });
  expect(signup.status(), await signup.text()).toBe(201);

  // The cloud runner is there for them: the relay the stack started, reached with the dashboard's own token.
  const runners = (await (await api.get("/api/runners")).json()) as { runners: Array<{ slug: string; available: boolean; version: string | null }> };
  expect(runners.runners).toEqual([expect.objectContaining({ slug: "cloud", available: true, version: "relay 1.0.0, fake-agent (scripted)" })]);

  // 3. A project, a forum account, a playbook (the fake agent's script) and a campaign on the default runner.
  const project = await api.post("/api/projects", { data: { name: "Harbor" } });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = ((await project.json()) as { id: number }).id;
  const account = await api.post(`/api/projects/${projectId}/accounts`, { data: { platform: "forum", platformId: "hana_harbor", isDefault: true } });
  expect(account.status(), await account.text()).toBe(201);
  const script = {
    steps: [
      { tool: "run_start" },
      { tool: "drafts_create", args: { entries: [{ accountId: "$account", kind: "dm", targetUser: "ines_ci", body: "Hi Ines, your write-up on flaky CI was useful.", qualityScore: 80 }] } },
      { tool: "run_finish", args: { summary: "One DM drafted" } },
    ],
  };
  const playbook = await api.post("/api/playbooks", { data: { slug: "stack-scout", title: "Stack scout", body: `Scripted.\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n` } });
  expect(playbook.status(), await playbook.text()).toBe(201);
  const campaign = await api.post("/api/campaigns", {
    data: {
      projectId, name: "CI maintainers", platform: "forum", skill: "forum-scout", playbookId: ((await playbook.json()) as { id: number }).id,
      config: { audience: "maintainers of CI tools", communities: ["devops"], tone: "Plain", offer: "A retry helper", rules: [], maxDraftsPerRun: 3 },
    },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  const { id: campaignId, runner } = (await campaign.json()) as { id: number; runner: string };
  expect(runner).toBe("cloud");

  // 4. Run now: the run succeeds through the relay, and its draft is in the inbox.
  const started = await api.post("/api/run", { data: { campaignId } });
  expect(started.status(), await started.text()).toBe(202);
  const { runId } = (await started.json()) as { runId: number };
  await expect
    .poll(async () => {
      const { notifications } = (await (await api.get("/api/notifications")).json()) as { notifications: Array<{ kind: string; data: { runId?: number } }> };
      return notifications.find((n) => n.data.runId === runId && n.kind.startsWith("run."))?.kind ?? "running";
    }, { timeout: 60_000 })
    .toBe("run.success");
  const drafts = (await (await api.get(`/api/drafts?run=${runId}`)).json()) as { drafts: Array<{ targetUser: string; body: string }> };
  expect(drafts.drafts).toEqual([expect.objectContaining({ targetUser: "ines_ci", body: "Hi Ines, your write-up on flaky CI was useful." })]);
  const { events } = (await (await api.get(`/api/runs/${runId}/events`)).json()) as { events: Array<{ type: string; payload: { phase?: string; detail?: string } }> };
  expect(events).toContainEqual(expect.objectContaining({ type: "lifecycle", payload: expect.objectContaining({ phase: "relay_connected", detail: "fake-agent (scripted), relay 1.0.0" }) }));

  // A cloud runner token for an install elsewhere, signed with the stack's key.
  const issued = await api.post("/api/cloud-runner/tokens", { data: { name: "office install", ttlDays: 30 } });
  expect(issued.status(), await issued.text()).toBe(201);
  const { token } = (await issued.json()) as { token: string };
  expect(await relayHello(relayPort, token)).toBe("accepted");

  // 5. SIGTERM: everything the stack started stops, the database server included.
  expect(await stopStack(first)).toBe(0);
  expect(first.seen.size).toBeGreaterThan(2);
  expect(await survivors(first.seen, 15_000)).toEqual([]);

  // 6. The next start reads the same secrets: the session still works, the token issued before still verifies.
  const second = await startStack(env);
  expect(fs.readFileSync(secretsFile, "utf8")).toBe(secrets);
  expect(second.output()).toContain("read the stack's secrets");
  const again = (await (await api.get("/api/runners")).json()) as { runners: Array<{ slug: string; available: boolean }> };
  expect(again.runners).toEqual([expect.objectContaining({ slug: "cloud", available: true })]);
  expect(await relayHello(relayPort, token)).toBe("accepted");
  expect(await stopStack(second)).toBe(0);
  expect(await survivors(second.seen, 15_000)).toEqual([]);
});
