// The fleet under faults (docs/deploying.md, "A fleet"): deploy/fleet/start-fleet.ts starts three `next start`
// instances behind HAProxy, the job engine and two relays on one fresh database. Reviewers list, approve, reject and
// edit drafts through HAProxy while live streams stay open and a webhook endpoint receives every decision; meanwhile
// one instance is killed with -9 and restarted, all three get a rolling restart (drained in HAProxy, SIGTERM, start,
// back in), and a relay is killed. Afterwards SQL counts say that no draft, event or delivery was lost or doubled, and
// the figures (failed requests per phase, stream reconnect times) go to e2e/.artifacts/fleet-faults.json.
// Small on purpose: it is part of the e2e suite, which CI runs on two cores (about 1.5 min there).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT, E2E_ARTIFACTS } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { startFleet, type Fleet } from "../deploy/fleet/start-fleet";
import { FAKE_AGENT_SLUG, writeFakeBackends } from "./server";
import { ReviewLoad, type Phase } from "./fixtures/fleet-load";

const DRAFTS = 240;
const REVIEWERS = 4;
const STREAMS = 3;

/** A playbook whose body is the scripted agent's steps (e2e/fixtures/README.md). */
const agentScript = (steps: unknown[]) => `Scripted for the fleet drill.\n\n\`\`\`fake-agent\n${JSON.stringify({ steps })}\n\`\`\`\n`;

async function withDb<T>(run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: database!.url });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

let fleet: Fleet | undefined;
let database: FreshDatabase | undefined;
let receiver: http.Server | undefined;

test.afterAll(async () => {
  await fleet?.stop();
  await new Promise((r) => (receiver ? receiver.close(r) : r(undefined)));
  await database?.drop();
  await stopEmbeddedTestServer();
});

test.beforeAll(() => {
  // Not a skip: a machine without HAProxy cannot run the drill, and says what to install.
  if (spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status !== 0) throw new Error("The fleet drill needs HAProxy on the PATH: sudo apt-get install -y haproxy");
});

test("the fleet loses and doubles nothing through a kill -9, a rolling restart and a relay's death", async () => {
  test.setTimeout(360_000);
  database = await createFreshDatabase("fleet");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-fleet-"));
  fs.chmodSync(dir, 0o755);
  console.log(`fleet folder (members' logs): ${dir}`);
  fleet = await startFleet({
    root: process.cwd(),
    databaseUrl: database.url,
    dir,
    basePort: E2E_PORT + 120,
    relayBackend: FAKE_AGENT_SLUG,
    env: { OUTREACH_EXTRA_BACKENDS: writeFakeBackends(), OUTREACH_WEBHOOK_ALLOW_PRIVATE: "on", LOG_LEVEL: "warn" },
  });
  const f = fleet;

  // A webhook receiver that counts what it is sent, by message id.
  const received = new Map<string, number>();
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver!.listen(0, "127.0.0.1", r));
  const receiverPort = (receiver.address() as { port: number }).port;

  const json = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${f.base}${url}`, { method, headers: { "content-type": "application/json", origin: f.base }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(res.status, `${method} ${url}`).toBeLessThan(300);
    return res.json();
  };
  await json("POST", "/api/webhooks/endpoints", { url: `http://127.0.0.1:${receiverPort}/hook`, eventTypes: ["draft.approved", "draft.rejected"] });
  const project = await json("POST", "/api/projects", { name: "Fleet" });
  const account = await json("POST", `/api/projects/${project.id}/accounts`, { platform: "forum", platformId: "acct_fleet" });
  // Sixty sends within two minutes from one account: its sending limits are opened up (docs/sending-limits.md).
  await json("PATCH", `/api/accounts/${account.id}/sending-policy`, { dailyCap: 1000, hourlyCap: 200, minGapSeconds: 0, jitterSeconds: 0, warmup: false });
  const campaign = await json("POST", "/api/campaigns", { projectId: project.id, name: "Fleet review", platform: "forum", skill: "forum-scout" });
  const entries = Array.from({ length: DRAFTS }, (_, i) => ({ kind: "dm", accountId: account.id, targetUser: `fleet_user_${i}`, body: `Hello ${i}, a first draft.`, qualityScore: 60 }));
  // drafts:create takes up to 200 entries a call.
  const ids: number[] = [];
  for (let from = 0; from < DRAFTS; from += 120) {
    const file = path.join(dir, `drafts-${from}.json`);
    fs.writeFileSync(file, JSON.stringify(entries.slice(from, from + 120)));
    const made = spawnSync(process.execPath, ["--import", "tsx", "lib/cli/main.ts", "drafts:create", "--campaign", String(campaign.id), "--file", file], {
      env: { ...process.env, DATABASE_URL: database.url, OUTREACH_DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    expect(made.status, made.stderr).toBe(0);
    ids.push(...(JSON.parse(made.stdout) as { created: { id: number }[] }).created.map((c) => c.id));
  }
  expect(ids).toHaveLength(DRAFTS);

  // A campaign scheduled every minute on the local scripted agent: the job engine starts it once per slot whatever
  // happens to the instances.
  const scheduledPlaybook = await json("POST", "/api/playbooks", { slug: "fleet-scheduled", title: "Fleet scheduled", body: agentScript([{ tool: "run_finish", args: { summary: "on schedule" } }]) });
  const scheduled = await json("POST", "/api/campaigns", { projectId: project.id, name: "Fleet every minute", platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG, cron: "* * * * *", state: "active", playbookId: scheduledPlaybook.id });

  // Two campaigns on the cloud runner, for the relay's death below: their agent holds the run until a file exists.
  const gate = path.join(dir, "cloud-runs-gate");
  const cloudCampaigns = [];
  for (const n of [1, 2]) {
    const playbook = await json("POST", "/api/playbooks", { slug: `fleet-cloud-${n}`, title: `Fleet cloud ${n}`, body: agentScript([{ tool: "run_start" }, { waitForFile: gate }, { tool: "run_finish", args: { summary: "done" } }]) });
    cloudCampaigns.push(await json("POST", "/api/campaigns", { projectId: project.id, name: `Fleet cloud ${n}`, platform: "forum", skill: "forum-scout", runner: "cloud", playbookId: playbook.id }));
  }

  const load = new ReviewLoad({ base: f.base, campaignId: campaign.id, ids, reviewers: REVIEWERS, streams: STREAMS });
  load.start();
  const phase = (p: Phase) => load.setPhase(p);
  await load.waitForDecisions(15);

  // 1. A crash: app1 killed with -9, HAProxy takes it out, it comes back.
  phase("kill9");
  await f.apps[0].kill9();
  await f.waitForState("apps/app1", "DOWN");
  await f.apps[0].start();
  await f.waitForState("apps/app1", "UP");
  phase("steady");
  await load.waitForDecisions(load.decided + 10);

  // 2. A rolling restart, one instance at a time: drained in HAProxy (no new requests), SIGTERM (it finishes those under
  // way and ends its live streams), started, back in.
  phase("rolling");
  for (const app of f.apps) {
    const server = `apps/${app.name}`;
    await f.setServerState(server, "drain");
    await app.stop();
    await app.start();
    await f.setServerState(server, "ready");
    await f.waitForState(server, "UP");
  }
  phase("steady");
  await load.waitForDecisions(load.decided + 10);

  // 3. A relay dies with cloud runs on it. Two runs are held live (their agent waits for a file) while HAProxy spreads
  // them over the relays; the relay holding the first is killed. Its run ends `network` and Run now again runs it on
  // the other relay; the run on the other relay never notices. Then the relay comes back.
  // Run now as a person clicks it again after a network error; a second start of a live run answers that run.
  const runNow = async (campaignId: number): Promise<number> => {
    try {
      return (await json("POST", "/api/run", { campaignId, trigger: "manual" })).runId;
    } catch {
      return (await json("POST", "/api/run", { campaignId, trigger: "manual" })).runId;
    }
  };
  const cloudRuns: number[] = [];
  for (const c of cloudCampaigns) cloudRuns.push(await runNow(c.id));
  const holder = (runId: number) => f.relays.findIndex((r) => r.output.split("\n").some((line) => line.includes('"msg":"run started"') && line.includes(`"runId":${runId},`)));
  await expect.poll(() => cloudRuns.map(holder).every((i) => i >= 0), { timeout: 30_000 }).toBe(true);
  const victim = holder(cloudRuns[0]!);
  const doomed = cloudRuns.filter((id) => holder(id) === victim);
  const survivors = cloudRuns.filter((id) => holder(id) !== victim);
  phase("relay");
  await f.relays[victim]!.kill9();
  await f.waitForState(`relays/relay${victim + 1}`, "DOWN");
  const runState = async (id: number) => (await withDb((db) => db.query<{ status: string; failure_reason: string | null }>("SELECT status, failure_reason FROM runs WHERE id = $1", [id]))).rows[0];
  for (const id of doomed) await expect.poll(() => runState(id), { timeout: 60_000 }).toEqual({ status: "failed", failure_reason: "network" });
  fs.writeFileSync(gate, "");
  const retried: number[] = [];
  for (const id of doomed) {
    const campaignId = cloudCampaigns[cloudRuns.indexOf(id)]!.id;
    retried.push(await runNow(campaignId));
  }
  for (const id of [...survivors, ...retried]) await expect.poll(() => runState(id), { timeout: 60_000 }).toEqual({ status: "success", failure_reason: null });
  await f.relays[victim]!.start();
  await f.waitForState(`relays/relay${victim + 1}`, "UP");
  phase("steady");
  await load.waitForDecisions(load.decided + 10);
  await load.stop();

  // Counted in SQL: every draft once, in the state its reviewer last saw committed, with one event per decision, and
  // one webhook delivery per decision, each delivered.
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const decisions = load.decisionsByDraft();
    const { rows: drafts } = await db.query<{ id: number; state: string; body: string }>("SELECT id, state, body FROM drafts WHERE campaign_id = $1 ORDER BY id", [campaign.id]);
    expect(drafts.map((d) => d.id)).toEqual([...ids].sort((a, b) => a - b));
    for (const d of drafts) {
      const mine = decisions.get(d.id);
      expect({ id: d.id, state: d.state }).toEqual({ id: d.id, state: mine?.state ?? "pending_review" });
      if (mine?.editedBody) expect(d.body).toBe(mine.editedBody);
    }
    const { rows: events } = await db.query<{ event: string; n: number; most: number }>(
      `SELECT event, count(*)::int AS n, max(per)::int AS most FROM (
         SELECT e.event, e.draft_id, count(*) AS per FROM draft_events e JOIN drafts d ON d.id = e.draft_id
         WHERE d.campaign_id = $1 AND e.event IN ('approved', 'rejected', 'body_edited', 'sent') GROUP BY 1, 2) s GROUP BY 1`,
      [campaign.id],
    );
    const byEvent = Object.fromEntries(events.map((e) => [e.event, e]));
    const expected = load.countByKind();
    expect({ approved: byEvent.approved?.n ?? 0, rejected: byEvent.rejected?.n ?? 0, body_edited: byEvent.body_edited?.n ?? 0, sent: byEvent.sent?.n ?? 0 }).toEqual(expected);
    expect(expected.sent, "no draft was marked sent").toBeGreaterThan(0);
    for (const e of events) expect(e.most, `${e.event} recorded twice for one draft`).toBe(1);

    // Deliveries: wait for the job engine to send what is due (it is woken the moment they commit).
    const decisionCount = expected.approved + expected.rejected;
    await expect
      .poll(async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivered'")).rows[0].n, { timeout: 90_000 })
      .toBe(decisionCount);
    const { rows: deliveries } = await db.query<{ n: number; ids: number }>("SELECT count(*)::int AS n, count(DISTINCT message_id)::int AS ids FROM webhook_deliveries");
    expect(deliveries[0]).toEqual({ n: decisionCount, ids: decisionCount });
    expect(received.size).toBe(decisionCount);
    const repeats = [...received.values()].reduce((sum, n) => sum + n - 1, 0);

    // Scheduled runs: at least one slot passed during the drill, and no slot ran twice.
    const slots = async () =>
      (await db.query<{ slot: Date; n: number }>(`SELECT date_trunc('minute', created_at) AS slot, count(*)::int AS n FROM runs WHERE campaign_id = $1 AND trigger = 'schedule' GROUP BY 1 ORDER BY 1`, [scheduled.id])).rows;
    const lastOutcome = async () => (await db.query<{ o: unknown }>("SELECT last_schedule_outcome AS o FROM campaigns WHERE id = $1", [scheduled.id])).rows[0]!.o;
    const schedule = async () => JSON.stringify({
      campaign: (await db.query("SELECT state, cron, next_run_at, last_scheduled_at FROM campaigns WHERE id = $1", [scheduled.id])).rows[0],
      tick: (await db.query("SELECT last_started_at, last_outcome, last_detail, last_error FROM job_states WHERE job = 'campaign-tick'")).rows[0],
    });
    await expect.poll(lastOutcome, { timeout: 75_000, message: `the schedule as it stood at the start of the wait: ${await schedule()}` }).not.toBeNull();
    expect(JSON.stringify(await lastOutcome())).not.toContain('"refused"');
    await expect.poll(async () => (await slots()).length, { timeout: 75_000 }).toBeGreaterThanOrEqual(1);
    const scheduledSlots = await slots();
    expect(scheduledSlots.filter((s) => s.n !== 1), "a slot that ran more than once").toEqual([]);

    const figures = {
      ...load.figures(),
      deliveries: decisionCount,
      webhookRepeatsReceived: repeats,
      cloudRuns: { started: cloudRuns.length, onTheKilledRelay: doomed.length, endedNetwork: doomed.length, retriedAndSucceeded: retried.length, onTheOtherRelaySucceeded: survivors.length },
      scheduledSlots: { slots: scheduledSlots.length, runsPerSlot: scheduledSlots.map((s) => s.n) },
    };
    fs.mkdirSync(path.join(E2E_ARTIFACTS), { recursive: true });
    fs.writeFileSync(path.join(E2E_ARTIFACTS, "fleet-faults.json"), JSON.stringify(figures, null, 2));
    console.log(JSON.stringify(figures, null, 2));

    // What a user would notice: no request failed for good (a write retried once is applied once or refused), and
    // nothing at all failed while the instances were restarted one at a time.
    expect(figures.requests.failedAfterRetry).toEqual({ steady: 0, kill9: 0, rolling: 0, relay: 0 });
    expect(figures.requests.failedFirstTry.rolling).toBe(0);
    expect(figures.streams.reconnects).toBeGreaterThanOrEqual(STREAMS); // the rolling restart ended each stream at least once
  } finally {
    await db.end();
  }
});
