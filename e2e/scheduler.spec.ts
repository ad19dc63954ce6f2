// The background jobs as a person running the app meets them: app instances of their own (next start, jobs on, sign-in
// off) on a fresh database of their own. A campaign on `* * * * *` runs on `npm start` alone within 70 s, and exactly
// once per minute when a second instance joins; a run whose server is killed with SIGKILL is failed `agent_crashed`
// within 90 s of the restart, and its agent does not outlive it.
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { baseAppEnv, FAKE_AGENT_SLUG, startApp, type AppInstance } from "./server";

const script = (steps: unknown[]) => `Scripted scout.\n\n\`\`\`fake-agent\n${JSON.stringify({ steps })}\n\`\`\`\n`;

async function api<T>(app: AppInstance, path: string, method: string, data?: unknown): Promise<T> {
  const res = await fetch(app.base + path, { method, headers: { "content-type": "application/json" }, body: data === undefined ? undefined : JSON.stringify(data) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A project with an account and a campaign on the fake agent whose playbook is `steps`. */
async function scriptedCampaign(app: AppInstance, steps: unknown[], cron: string | null) {
  const tag = Date.now().toString(36);
  const project = await api<{ id: number }>(app, "/api/projects", "POST", { name: `Scheduled ${tag}` });
  await api(app, `/api/projects/${project.id}/accounts`, "POST", { platform: "forum", platformId: `sched_${tag}`, isDefault: true });
  const playbook = await api<{ id: number }>(app, "/api/playbooks", "POST", { slug: `sched-${tag}`, title: "Scheduled", body: script(steps) });
  return api<{ id: number }>(app, "/api/campaigns", "POST", {
    projectId: project.id, name: `Every minute ${tag}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG, cron, playbookId: playbook.id,
  });
}

let database: FreshDatabase;
let sql: pg.Client;
const instances: AppInstance[] = [];
test.beforeEach(async () => {
  database = await createFreshDatabase("sched");
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
test.afterEach(async () => {
  await Promise.all(instances.splice(0).map((i) => i.stop()));
  await sql.end();
  await database.drop();
});
test.afterAll(async () => stopEmbeddedTestServer());

function instance(n: number, logName: string) {
  const env = { ...baseAppEnv(), DATABASE_URL: database.url, OUTREACH_AUTH: "off", OUTREACH_JOBS: "on" };
  return startApp({ port: E2E_PORT + 20 + n, env, logName }).then((app) => {
    instances.push(app);
    return app;
  });
}

const scheduledRuns = async (campaignId: number) =>
  (await sql.query<{ id: number; slot: Date; created_at: Date }>(
    `SELECT id, date_trunc('minute', created_at) AS slot, created_at FROM runs WHERE campaign_id = $1 AND trigger = 'schedule' ORDER BY id`,
    [campaignId],
  )).rows;

test("a campaign on * * * * * runs on npm start alone within 70 s, then once a minute with two instances", async () => {
  test.setTimeout(260_000);
  const a = await instance(1, "scheduler-a");
  const campaign = await scriptedCampaign(a, [{ tool: "run_finish", args: { summary: "on schedule" } }], "* * * * *");
  const activatedAt = Date.now();
  await api(a, `/api/campaigns/${campaign.id}`, "PATCH", { state: "active" });

  await expect.poll(async () => (await scheduledRuns(campaign.id)).length, { timeout: 75_000, intervals: [1000] }).toBeGreaterThanOrEqual(1);
  const [first] = await scheduledRuns(campaign.id);
  expect(first!.created_at.getTime() - activatedAt).toBeLessThanOrEqual(70_000);

  // A second instance on the same database: both run the engine, and each slot still starts one run.
  await instance(2, "scheduler-b");
  const firstSlot = first!.slot.getTime();
  await expect.poll(async () => (await scheduledRuns(campaign.id)).filter((r) => r.slot.getTime() >= firstSlot + 120_000).length, {
    timeout: 150_000,
    intervals: [2000],
  }).toBeGreaterThanOrEqual(1);
  // Let the last slot settle on both instances before counting.
  await new Promise((r) => setTimeout(r, 5000));
  const runs = await scheduledRuns(campaign.id);
  const perSlot = new Map<number, number>();
  for (const r of runs) perSlot.set(r.slot.getTime(), (perSlot.get(r.slot.getTime()) ?? 0) + 1);
  expect([...perSlot.values()].every((n) => n === 1), `runs per minute: ${JSON.stringify([...perSlot.entries()])}`).toBe(true);
  expect(perSlot.size).toBeGreaterThanOrEqual(3);
  // The slots follow each other minute by minute, none skipped.
  const slots = [...perSlot.keys()].sort((x, y) => x - y);
  for (let i = 1; i < slots.length; i++) expect(slots[i]! - slots[i - 1]!).toBe(60_000);
});

test("kill -9 of the app during a run: after a restart the run is failed agent_crashed within 90 s, and its agent is gone", async () => {
  test.setTimeout(180_000);
  const app = await instance(3, "rescuer");
  const campaign = await scriptedCampaign(app, [{ sleep: 300_000 }], null);
  const { runId } = await api<{ runId: number }>(app, "/api/run", "POST", { campaignId: campaign.id });
  // The agent is up when its process is logged as spawned.
  await expect.poll(async () => (await sql.query(`SELECT payload FROM run_events WHERE run_id = $1 AND payload->>'phase' = 'spawned'`, [runId])).rowCount, { timeout: 20_000 }).toBe(1);
  const agentPid = Number((await sql.query<{ pid: string }>(`SELECT payload->>'pid' AS pid FROM run_events WHERE run_id = $1 AND payload->>'phase' = 'spawned'`, [runId])).rows[0]!.pid);

  await app.kill9();
  instances.splice(instances.indexOf(app), 1);
  expect((await sql.query(`SELECT status FROM runs WHERE id = $1`, [runId])).rows[0].status).toBe("running");

  await instance(3, "rescuer");
  const restartedAt = Date.now();
  await expect
    .poll(async () => (await sql.query(`SELECT status, failure_reason FROM runs WHERE id = $1`, [runId])).rows[0], { timeout: 90_000, intervals: [1000] })
    .toEqual({ status: "failed", failure_reason: "agent_crashed" });
  expect(Date.now() - restartedAt).toBeLessThanOrEqual(90_000);
  const { rows } = await sql.query(`SELECT error FROM runs WHERE id = $1`, [runId]);
  expect(rows[0].error).toMatch(/^The server running this agent stopped/);
  // The agent lost its client with the server and left (its stdin closed), so nothing of the run is left running.
  await expect.poll(() => alive(agentPid), { timeout: 10_000 }).toBe(false);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
