// The cloud edition speaks to two audiences (docs/cloud-edition.md, "The operator area"): a customer opens every page
// they can reach and never reads an environment variable, npm, a server path, a command line, a protocol word or a
// job engine; the operator, made one with the server's command line (`outreach operators:grant`), finds all of that in
// the Operator area, with what to set. The pages walked are generated from the app's routes (e2e/customer-pages.ts),
// their dynamic segments filled from rows of the customer's own, and their tabs followed. Two services: one whose
// operator set up nothing beyond sign-in, and a hosted one with a cloud runner relay, where a real run leaves a real
// log (command line, paths, session id in the database) that must reach the customer's browser as words only.
import { spawnSync, type ChildProcess } from "node:child_process";
import { type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { generateCloudKeyPair, privateKeyFrom, signCloudToken } from "../lib/relay-protocol/token";
import { baseAppEnv, startApp, type AppInstance } from "./server";
import { startRelay } from "./relay-process";
import { shoot } from "./helpers";
import { fillRoute, findAll, machineryPatterns, OPERATOR_WORDS, pageRoutes, tabLinks, visibleText, type Seeds } from "./customer-pages";
import { seedCustomerDay, seedThread, setUpCustomer, withDb } from "./customer-seed";

const CUSTOMER = { organizationName: "Harbor Goods", username: "hana", password: "hana-password-123" };
const OPERATOR = { organizationName: "Service Ops", username: "opal", password: "opal-password-123" };
const HOSTED_CUSTOMER = { organizationName: "Pier Supply", username: "pia", password: "pia-password-123" };

// Pages a customer may find absent on a service, and why. Anything else that does not answer is a failure.
const MAY_BE_ABSENT: Readonly<Record<string, string>> = {
  "/operator": "the operator's area",
  "/operator/manual": "the operator's manual, in the operator's area",
  "/settings/cloud-runner": "cloud runner tokens the operator has not set up",
};

let bareDb: FreshDatabase;
let bare: AppInstance;
let hostedDb: FreshDatabase;
let hosted: AppInstance;
let relay: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  bareDb = await createFreshDatabase("customer-words");
  bare = await startApp({
    port: E2E_PORT + 50,
    logName: "customer-words",
    env: { ...baseAppEnv(), DATABASE_URL: bareDb.url, OUTREACH_AUTH: "on", OUTREACH_EDITION: "cloud", OUTREACH_JOBS: "off" },
  });
  hostedDb = await createFreshDatabase("customer-words-hosted");
  const keys = generateCloudKeyPair();
  const started = await startRelay(keys.publicKey);
  relay = started.child;
  const { token } = signCloudToken({ org: 1, ttlSeconds: 24 * 3600 }, privateKeyFrom(keys.privateKey));
  hosted = await startApp({
    port: E2E_PORT + 51,
    logName: "customer-words-hosted",
    env: {
      ...baseAppEnv(),
      DATABASE_URL: hostedDb.url,
      OUTREACH_AUTH: "on",
      OUTREACH_EDITION: "cloud",
      OUTREACH_JOBS: "off",
      OUTREACH_CLOUD_RELAY_URL: `ws://127.0.0.1:${started.port}`,
      OUTREACH_CLOUD_TOKEN: token,
      OUTREACH_CLOUD_SIGNING_KEY: keys.privateKey,
    },
  });
});

test.afterAll(async () => {
  await bare?.stop();
  await hosted?.stop();
  relay?.kill("SIGTERM");
  await bareDb?.drop();
  await hostedDb?.drop();
  await stopEmbeddedTestServer();
});

/** The server's command line makes a user an operator: the only way there is. */
function grantOperator(user: string) {
  const granted = spawnSync(process.execPath, ["--import", "tsx", "lib/cli/main.ts", "operators:grant", "--user", user], {
    env: { ...process.env, DATABASE_URL: bareDb.url },
    encoding: "utf8",
  });
  expect(granted.status, granted.stderr).toBe(0);
  expect(JSON.parse(granted.stdout).operator).toMatchObject({ username: user, operatorSince: expect.any(String) });
}

async function signUp(browser: Browser, base: string, who: typeof CUSTOMER): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: base });
  const res = await context.request.post("/api/auth/signup", { data: { organizationName: who.organizationName, username: who.username, email: `${who.username}@example.com`, password: who.password } });
  expect(res.status(), await res.text()).toBe(201);
  return context.newPage();
}

/**
 * Opens every page of the app (and every tab it links to) as this customer: each answers, says nothing of the
 * machinery, and, with `strict`, sends none of it to the browser either (server paths, command lines, session ids).
 */
async function walkEveryPage(customer: Page, signedOut: Page, seeds: Seeds, { strict }: { strict: boolean }): Promise<{ found: string[]; absent: string[] }> {
  const found: string[] = [];
  const queue = pageRoutes().map((r) => ({ path: fillRoute(r.route, seeds), route: r.route, page: r.public ? signedOut : customer }));
  const seen = new Set<string>();
  const absent: string[] = [];
  while (queue.length) {
    const next = queue.shift()!;
    if (seen.has(next.path)) continue;
    seen.add(next.path);
    const res = await next.page.goto(next.path);
    await next.page.waitForLoadState("networkidle");
    const status = res?.status() ?? 0;
    if (status >= 400) {
      if (status === 404 && MAY_BE_ABSENT[next.route]) absent.push(next.route);
      else found.push(`${next.path} answered ${status}`);
      continue;
    }
    found.push(...findAll(await visibleText(next.page), OPERATOR_WORDS, next.path));
    if (strict) found.push(...findAll(await next.page.content(), machineryPatterns(), `${next.path} (sent to the browser)`));
    for (const tab of await tabLinks(next.page)) queue.push({ path: tab, route: next.route, page: next.page });
  }
  // The walk reached every page and tab there is (a stray early return would pass an empty walk).
  expect(seen.size).toBeGreaterThanOrEqual(pageRoutes().length);
  return { found, absent };
}

async function signedOutPage(browser: Browser, base: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: base });
  return { context, page: await context.newPage() };
}

test("a customer reads customer words on every page they can reach; the operator finds the machinery and what to set", async ({ browser }) => {
  // The walk opens every page and tab of the app: its time grows with the pages there are.
  test.setTimeout(480_000);
  const customer = await signUp(browser, bare.base, CUSTOMER);
  const request = customer.context().request;
  const s = await setUpCustomer(customer);
  const seeds = await seedCustomerDay(bareDb.url, s);
  const signedOut = await signedOutPage(browser, bare.base);
  const { found, absent } = await walkEveryPage(customer, signedOut.page, seeds, { strict: false });
  expect(found).toEqual([]);
  expect(absent).toContain("/operator");
  await signedOut.context.close();

  // Run now on a service without a relay: a plain sentence, no setting named.
  await customer.goto(`/campaigns/${s.campaignId}`);
  await expect(customer.getByText(/cloud agent is not available at the moment/i).first()).toBeVisible();
  await shoot(customer, "customer-campaign-no-relay");

  // What the operator has not set up does not exist for customers: no Cloud runner tokens, no Operator.
  await customer.goto("/settings");
  const sections = customer.getByRole("navigation", { name: "Settings sections" });
  await expect(sections.getByRole("link", { name: "Self-hosted installs" })).toHaveCount(0);
  await expect(customer.getByRole("navigation").getByRole("link", { name: "Operator" })).toHaveCount(0);
  expect((await customer.goto("/operator"))!.status()).toBe(404);
  expect((await request.get("/api/operator")).status()).toBe(404);
  expect((await request.get("/api/operator/organizations")).status()).toBe(404);

  // The operator: the same service seen from the other side.
  const operator = await signUp(browser, bare.base, OPERATOR);
  await operator.goto("/");
  await expect(operator.getByRole("link", { name: "Operator" })).toHaveCount(0);
  grantOperator(OPERATOR.username);
  await operator.goto("/");
  await operator.getByRole("link", { name: "Operator" }).click();
  await expect(operator).toHaveURL(`${bare.base}/operator`);
  const checks = operator.getByTestId("service-checks");
  const relayCheck = checks.locator("section").filter({ hasText: "Cloud runner relay" });
  await expect(relayCheck).toContainText("Needs attention");
  await expect(relayCheck).toContainText("OUTREACH_CLOUD_RELAY_URL");
  const billing = checks.locator("section").filter({ hasText: "Billing (Stripe)" });
  await expect(billing).toContainText("STRIPE_SECRET_KEY");
  await expect(operator.getByRole("table", { name: "Background jobs" })).toContainText("campaign-tick");
  const orgs = operator.getByRole("table", { name: "Organizations" });
  await expect(orgs).toContainText(CUSTOMER.organizationName);
  await expect(orgs).toContainText(OPERATOR.organizationName);
  await operator.getByRole("button", { name: "Probe this host" }).click();
  await expect(operator.getByRole("table", { name: "Agent CLIs on this host" })).toContainText("Gemini CLI");
  await shoot(operator, "operator-area");
  await operator.getByLabel("Filter organizations by name").fill("Harbor");
  await operator.getByLabel("Filter organizations by name").press("Enter");
  await expect(orgs.getByRole("row")).toHaveCount(2);
});

// What the scripted agent does on the relay: the steps a real forum scout takes, with a word on stderr that names the
// relay host's folder and a message that names its working folder.
const SCRIPT = {
  steps: [
    { say: "Reading the brief before looking for anyone." },
    { tool: "run_start" },
    { stderr: "note: cache kept in /tmp/agent-cache" },
    { reportCwd: true },
    { tool: "contact_history_check", args: { handles: ["marina_k", "tomas_r"] } },
    {
      tool: "drafts_create",
      args: {
        entries: [
          { accountId: "$account", kind: "dm", targetUser: "marina_k", body: "Hi Marina, your post on cold storage was useful.", qualityScore: 74 },
          { accountId: "$account", kind: "post_comment", targetUser: "tomas_r", body: "We racked a 200 m² unit last month; happy to share the layout.", qualityScore: 68 },
        ],
      },
    },
    { usage: { inputTokens: 9_000, outputTokens: 700, cacheReadTokens: 0, cacheCreationTokens: 0 }, costUsd: 0.021 },
    { tool: "run_finish", args: { summary: "Two people asked about racking this week: one DM and one comment wait for review." } },
  ],
};

test("a hosted customer's run page, and every other page, reach their browser as words: no command line, path or session id sent", async ({ browser }) => {
  test.setTimeout(480_000);
  const customer = await signUp(browser, hosted.base, HOSTED_CUSTOMER);
  const request = customer.context().request;
  const s = await setUpCustomer(customer);
  await withDb(hostedDb.url, (db) =>
    db.query(
      `INSERT INTO playbooks (organization_id, slug, title, body, updated_at) VALUES ($1, 'forum-scout', 'forum-scout', $2, now())
       ON CONFLICT (organization_id, slug) DO UPDATE SET body = EXCLUDED.body, updated_at = now()`,
      [s.orgId, `Scripted forum scout.\n\n\`\`\`fake-agent\n${JSON.stringify(SCRIPT)}\n\`\`\`\n`],
    ),
  );
  const started = await request.post("/api/run", { data: { campaignId: s.campaignId } });
  expect(started.status(), await started.text()).toBe(202);
  const { runId } = (await started.json()) as { runId: number };
  await expect
    .poll(async () => withDb(hostedDb.url, async (db) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM run_events WHERE run_id = $1 AND payload->>'phase' = 'finished'`, [runId])).rows[0]!.n), { timeout: 60_000 })
    .toBe(1);
  // The database keeps the whole log: the relay's command line and the session are in it.
  const stored = await withDb(hostedDb.url, async (db) => JSON.stringify((await db.query(`SELECT payload FROM run_events WHERE run_id = $1`, [runId])).rows));
  expect(stored).toContain("fake-acp-agent.mjs");
  expect(stored).toMatch(/fake-session-/);

  // The run page: what the agent did, in words.
  await customer.goto(`/runs/${runId}`);
  const log = customer.getByRole("list", { name: "What the agent did" });
  await expect(log.getByText("Reading the brief before looking for anyone.")).toBeVisible();
  await expect(log.locator("[data-tool-call] summary").nth(0)).toContainText("Read the brief of Warehouse owners");
  await expect(log.locator("[data-tool-call] summary").nth(1)).toContainText("Checked 2 people against your contact history");
  await expect(log.locator("[data-tool-call] summary").nth(2)).toContainText("Drafted 2 messages (1 DM, 1 comment)");
  await expect(log.locator("[data-tool-call] summary").nth(3)).toContainText("Finished: Two people asked about racking this week");
  await expect(customer.getByRole("definition").filter({ hasText: "2 in the inbox" })).toBeVisible();
  // Expanded, a tool call shows what the agent asked and what came back.
  await log.locator("[data-tool-call] summary").nth(1).click();
  await expect(log.locator("[data-tool-call]").nth(1).getByText('"marina_k"').first()).toBeVisible();
  await log.locator("[data-tool-call] summary").nth(1).click();
  // Technical details: the protocol's lifecycle, without the relay host's command line or folders.
  await customer.getByText("Technical details").click();
  const technical = customer.getByRole("list", { name: "Technical log" });
  await expect(technical.locator("[data-lifecycle=spawned]")).toHaveText(/Agent process started$/);
  await expect(technical).toContainText("note: cache kept in [server path]");
  await customer.getByText("Technical details").click();
  for (const width of [1440, 390]) {
    await customer.setViewportSize({ width, height: 900 });
    await shoot(customer, `customer-run-page-${width}`);
  }
  await customer.setViewportSize({ width: 1280, height: 720 });

  // Settings > General: grouped, and the agent as the customer's choices (model, minutes), not the host's inventory.
  await customer.goto("/settings");
  const onThisPage = customer.getByRole("navigation", { name: "On this page" });
  for (const group of ["Review rules", "Agents", "Browser extension", "Webhooks"]) await expect(onThisPage.getByRole("link", { name: group })).toBeVisible();
  await expect(onThisPage.getByRole("link", { name: "Background jobs" })).toHaveCount(0);
  const agents = customer.getByRole("region", { name: "Agents" });
  await expect(agents.getByRole("definition").filter({ hasText: "Cloud agent" })).toBeVisible();
  await expect(agents).toContainText("Not limited on this service.");
  await expect(agents.getByRole("columnheader", { name: "Command" })).toHaveCount(0);
  await expect(customer.getByRole("button", { name: "Re-detect" })).toHaveCount(0);
  for (const width of [1440, 390]) {
    await customer.setViewportSize({ width, height: 900 });
    await shoot(customer, `customer-settings-${width}`);
  }
  await customer.setViewportSize({ width: 1280, height: 720 });

  // The run's log as the API answers it to the customer.
  const events = await (await request.get(`/api/runs/${runId}/events`)).text();
  expect(findAll(events, machineryPatterns(), "GET /api/runs/[id]/events")).toEqual([]);

  // Every page, with the real run and its drafts, a thread on one of them, the webhook and its delivery.
  const draftId = await withDb(hostedDb.url, async (db) => (await db.query<{ id: number }>(`SELECT id FROM drafts WHERE run_id = $1 ORDER BY id LIMIT 1`, [runId])).rows[0]!.id);
  const threadId = await seedThread(hostedDb.url, s.orgId, draftId);
  const deliveryId = await withDb(hostedDb.url, async (db) => (await db.query<{ id: number }>(`SELECT id FROM webhook_deliveries WHERE organization_id = $1 ORDER BY id LIMIT 1`, [s.orgId])).rows[0]!.id);
  const signedOut = await signedOutPage(browser, hosted.base);
  const { found, absent } = await walkEveryPage(
    customer,
    signedOut.page,
    {
      "campaigns/id": s.campaignId,
      "projects/id": s.projectId,
      "playbooks/id": s.playbookId,
      "runs/id": runId,
      "conversations/id": threadId,
      "webhooks/id": s.webhookId,
      "deliveries/deliveryId": deliveryId,
      "join/token": s.inviteToken,
      "reset-password/token": "no-such-link",
      "verify-email/token": "no-such-link",
    },
    { strict: true },
  );
  expect(found).toEqual([]);
  // With a relay and a signing key the cloud runner tokens are a customer's page; the operator's area is not.
  expect(absent).not.toContain("/settings/cloud-runner");
  expect(absent).toContain("/operator");
  await signedOut.context.close();
});
