// The cloud edition speaks to two audiences (docs/cloud-edition.md, "The operator area"): a customer opens every page
// they can reach and never reads an environment variable, npm, a server path or a job engine, even on a service whose
// operator set up nothing beyond sign-in (no relay, no billing, no token signing); the operator, named by
// OUTREACH_OPERATORS, finds all of that in the Operator area, with what to set.
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import pg from "pg";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { baseAppEnv, startApp, type AppInstance } from "./server";
import { shoot } from "./helpers";

const CUSTOMER = { organizationName: "Harbor Goods", username: "hana", password: "hana-password-123" };
const OPERATOR = { organizationName: "Service Ops", username: "opal", password: "opal-password-123" };

let database: FreshDatabase;
let app: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createFreshDatabase("customer-words");
  app = await startApp({
    port: E2E_PORT + 50,
    logName: "customer-words",
    env: { ...baseAppEnv(), DATABASE_URL: database.url, OUTREACH_AUTH: "on", OUTREACH_EDITION: "cloud", OUTREACH_JOBS: "off", OUTREACH_OPERATORS: OPERATOR.username },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await database?.drop();
  await stopEmbeddedTestServer();
});

async function signUp(browser: Browser, who: typeof CUSTOMER): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: app.base });
  const res = await context.request.post("/api/auth/signup", { data: { organizationName: who.organizationName, username: who.username, email: `${who.username}@example.com`, password: who.password } });
  expect(res.status(), await res.text()).toBe(201);
  return context.newPage();
}

/** Rows a customer's day produces that the API cannot make on this service (no agent runs here): a failed run with
 * its log, drafts, a reply thread. */
async function seedWork(orgId: number, campaignId: number, projectId: number, accountId: number) {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const run = await db.query<{ id: number }>(
      `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, failure_reason, error, started_at, finished_at)
       VALUES ($1, $2, $3, 'campaign', 'failed', 'cloud', 'network', 'The cloud runner could not be reached', now() - interval '1 hour', now() - interval '59 minutes') RETURNING id`,
      [orgId, campaignId, projectId],
    );
    const runId = run.rows[0]!.id;
    await db.query(
      `INSERT INTO run_events (organization_id, run_id, seq, type, payload) VALUES
         ($1, $2, 1, 'lifecycle', '{"phase":"starting","detail":"Cloud runner: playbook from snapshot"}'),
         ($1, $2, 2, 'lifecycle', '{"phase":"finished","detail":"failed (network)"}')`,
      [orgId, runId],
    );
    const draft = await db.query<{ id: number }>(
      `INSERT INTO drafts (organization_id, project_id, campaign_id, run_id, account_id, account_handle, platform, kind, state, target_user, body, quality_score, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'harbor_goods', 'forum', 'dm', 'pending_review', 'marina_k', 'Hi Marina, your post on cold storage was useful.', 71, now()) RETURNING id`,
      [orgId, projectId, campaignId, runId, accountId],
    );
    return { runId, draftId: draft.rows[0]!.id };
  } finally {
    await db.end();
  }
}

/** Everything the page shows a person, less instructions meant for the customer's own install. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll("[data-own-install], script, style, template").forEach((el) => el.remove());
    return body.innerText;
  });
}

const OPERATOR_WORDS: Array<[string, RegExp]> = [
  ["an environment variable", /\b[A-Z][A-Z0-9]*_[A-Z0-9_]{2,}\b/],
  ["npm", /\bnpm\b|\bnpx\b/],
  ["a server path", /(^|[\s(`'"])\/(etc|srv|home|usr|var|tmp|opt|root|proc)\/|\.data\//],
  ["a job engine", /graphile|trigger\.dev|job engine|run-rescuer|billing-meter|campaign-tick/i],
  ["a CLI", /--acp\b|--version\b|claude-agent-acp|codex-acp/],
];

test("a customer reads customer words on every page they can reach; the operator finds the machinery and what to set", async ({ browser }) => {
  test.setTimeout(180_000);
  const customer = await signUp(browser, CUSTOMER);
  const request = customer.context().request;

  const project = (await (await request.post("/api/projects", { data: { name: "Cold storage", description: "Shelving for small warehouses." } })).json()) as { id: number };
  const account = (await (await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: "harbor_goods" } })).json()) as { id: number };
  const campaign = (await (
    await request.post("/api/campaigns", {
      data: { projectId: project.id, name: "Warehouse owners", platform: "forum", skill: "forum-scout", config: { audience: "small warehouse owners", communities: ["logistics"], tone: "Plain", offer: "Shelving", rules: [], maxDraftsPerRun: 3 } },
    })
  ).json()) as { id: number; runner: string };
  expect(campaign.runner).toBe("cloud");
  const playbooks = (await (await request.get("/api/playbooks")).json()) as { playbooks: Array<{ id: number }> };
  const orgId = ((await (await request.get("/api/organizations")).json()) as { activeId: number }).activeId;
  const { runId } = await seedWork(orgId, campaign.id, project.id, account.id);

  const pages = [
    "/",
    "/inbox",
    "/people",
    "/people?tab=contacts",
    "/campaigns",
    "/campaigns/new",
    `/campaigns/${campaign.id}`,
    "/projects",
    `/projects/${project.id}`,
    "/playbooks",
    `/playbooks/${playbooks.playbooks[0]!.id}`,
    `/runs/${runId}`,
    "/audit",
    "/outcomes",
    "/notifications",
    "/settings",
    "/settings/members",
    "/settings/webhooks",
    "/settings/api-keys",
  ];
  const found: string[] = [];
  for (const path of pages) {
    await customer.goto(path);
    await customer.waitForLoadState("networkidle");
    const text = await visibleText(customer);
    for (const [what, pattern] of OPERATOR_WORDS) {
      const m = pattern.exec(text);
      if (m) found.push(`${path} names ${what}: "${text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60).replace(/\s+/g, " ")}"`);
    }
  }
  expect(found).toEqual([]);

  // Run now on a service without a relay: a plain sentence, no setting named.
  await customer.goto(`/campaigns/${campaign.id}`);
  await expect(customer.getByText(/cloud runner is not available at the moment/i).first()).toBeVisible();
  await shoot(customer, "customer-campaign-no-relay");

  // What the operator has not set up does not exist for customers: no Billing, no Cloud runner tokens, no Operator.
  await customer.goto("/settings");
  const sections = customer.getByRole("navigation", { name: "Settings sections" });
  await expect(sections.getByRole("link", { name: "Billing" })).toHaveCount(0);
  await expect(sections.getByRole("link", { name: "Cloud runner" })).toHaveCount(0);
  await expect(customer.getByRole("navigation").getByRole("link", { name: "Operator" })).toHaveCount(0);
  expect((await customer.goto("/settings/billing"))!.status()).toBe(404);
  expect((await customer.goto("/operator"))!.status()).toBe(404);
  expect((await request.get("/api/operator")).status()).toBe(404);
  expect((await request.get("/api/operator/organizations")).status()).toBe(404);

  // The operator: the same service seen from the other side.
  const operator = await signUp(browser, OPERATOR);
  await operator.goto("/");
  await operator.getByRole("link", { name: "Operator" }).click();
  await expect(operator).toHaveURL(`${app.base}/operator`);
  const checks = operator.getByTestId("service-checks");
  const relay = checks.locator("section").filter({ hasText: "Cloud runner relay" });
  await expect(relay).toContainText("Needs attention");
  await expect(relay).toContainText("OUTREACH_CLOUD_RELAY_URL");
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
