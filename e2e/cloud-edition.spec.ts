// The hosted cloud edition from its users' seats, on an app instance of its own (OUTREACH_EDITION=cloud, jobs on, a
// fresh database) with billing against the local fake Stripe and a cloud runner relay: an owner signs up into a new
// organization and invites a teammate by link; the teammate joins as a member and finds billing and roles closed to
// them (hidden in the pages, 403 from the API); the owner subscribes through the fake Checkout, the subscription
// webhook flips the plan to Pro, and a run on the cloud runner is reported to the Stripe meter.
import type { ChildProcess } from "node:child_process";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT, E2E_ARTIFACTS } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { startFakeStripe, type FakeStripe } from "../test/fakes/fake-stripe";
import { generateCloudKeyPair, privateKeyFrom, signCloudToken } from "../lib/relay-protocol/token";
import { baseAppEnv, startApp, type AppInstance } from "./server";
import { startRelay } from "./relay-process";
import { shoot } from "./helpers";

const SECRET_KEY = "sk_test_e2e_cloud";
const WEBHOOK_SECRET = "whsec_e2e_cloud";
const PRICE_PRO = "price_e2e_pro";
const OWNER = { organizationName: "Northwind Labs", email: "nora@northwind.example", username: "nora", password: "nora-password-123" };
const TEAMMATE = { email: "tomas@northwind.example", username: "tomas", password: "tomas-password-123" };

let database: FreshDatabase;
let stripe: FakeStripe;
let relay: ChildProcess;
let app: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createFreshDatabase("cloud");
  stripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: { [PRICE_PRO]: { unitAmount: 2900 } } });
  const keys = generateCloudKeyPair();
  const started = await startRelay(keys.publicKey);
  relay = started.child;
  // The hosted dashboard's own service token: its runs are metered where they are committed, per organization.
  const { token } = signCloudToken({ org: 1, ttlSeconds: 24 * 3600 }, privateKeyFrom(keys.privateKey));
  const port = E2E_PORT + 40;
  stripe.setWebhookUrl(`http://127.0.0.1:${port}/api/billing/webhook`);
  app = await startApp({
    port,
    logName: "cloud-edition",
    env: {
      ...baseAppEnv(),
      DATABASE_URL: database.url,
      OUTREACH_AUTH: "on",
      OUTREACH_EDITION: "cloud",
      OUTREACH_JOBS: "on",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: PRICE_PRO,
      STRIPE_API_BASE: stripe.url,
      OUTREACH_CLOUD_RELAY_URL: `ws://127.0.0.1:${started.port}`,
      OUTREACH_CLOUD_TOKEN: token,
      OUTREACH_CLOUD_SIGNING_KEY: keys.privateKey,
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  relay?.kill("SIGTERM");
  await stripe?.close();
  await database?.drop();
  await stopEmbeddedTestServer();
});

/** A browser context of its own (nobody signed in), on the cloud instance. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: app.base });
  return context.newPage();
}

async function fillPasswords(page: Page, password: string) {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
}

test("sign up, invite a member by link, members kept out of billing, subscribe through Checkout, and a cloud run metered", async ({ browser }) => {
  test.setTimeout(180_000);

  // 1. The owner signs up: a new organization of their own.
  const owner = await freshPage(browser);
  await owner.goto("/signup");
  await expect(owner.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await shoot(owner, "cloud-signup");
  await owner.getByLabel("Organization name").fill(OWNER.organizationName);
  // The cloud edition asks for an address; without one the form says so and nothing is sent.
  await owner.getByLabel("Username").fill(OWNER.username);
  await fillPasswords(owner, OWNER.password);
  await owner.getByRole("button", { name: "Create account" }).click();
  await expect(owner.getByText("Enter your email address.")).toBeVisible();
  await owner.getByLabel("Email").fill(OWNER.email);
  await fillPasswords(owner, OWNER.password);
  await owner.getByRole("button", { name: "Create account" }).click();
  await owner.waitForURL(`${app.base}/`);
  await expect(owner.getByRole("button", { name: `Organization: ${OWNER.organizationName}. Switch organization` })).toBeVisible();

  // 2. An invitation link for a member, shown once.
  await owner.goto("/settings/members");
  await owner.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await owner.getByRole("region", { name: "Invitation link" }).getByTestId("secret-value").textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${app.base}/join/inv_[A-Za-z0-9_-]{43}$`));
  await expect(owner.getByRole("list", { name: "Pending invitations" }).getByRole("listitem")).toHaveCount(1);
  await owner.screenshot({ path: `${E2E_ARTIFACTS}/screens/cloud-members-invite-light.png`, fullPage: true });

  // 3. The teammate opens it, creates an account, and lands in the owner's organization as a member.
  const member = await freshPage(browser);
  await member.goto(link);
  await expect(member.getByRole("heading", { name: `Join ${OWNER.organizationName}` })).toBeVisible();
  await expect(member.getByText("You are invited to join as a member.")).toBeVisible();
  await shoot(member, "cloud-join");
  await member.getByRole("link", { name: "Create an account" }).click();
  await expect(member.getByLabel("Organization name")).toHaveCount(0);
  await member.getByLabel("Email").fill(TEAMMATE.email);
  await member.getByLabel("Username").fill(TEAMMATE.username);
  await fillPasswords(member, TEAMMATE.password);
  await member.getByRole("button", { name: "Create account" }).click();
  await member.waitForURL(`${app.base}/`);
  await expect(member.getByRole("button", { name: `Organization: ${OWNER.organizationName}. Switch organization` })).toBeVisible();

  // The link worked once: it is gone from the owner's pending list, and opening it again says it was used.
  await owner.reload();
  await expect(owner.getByRole("table", { name: "Members" }).getByRole("row")).toHaveCount(3);
  await expect(owner.getByRole("table", { name: "Members" })).toContainText(TEAMMATE.username);
  await expect(owner.getByText("Pending invitations (0)")).toBeVisible();
  const stranger = await freshPage(browser);
  await stranger.goto(link);
  await expect(stranger.getByText("This invitation link has already been used.")).toBeVisible();

  // 4. The member: the plan and its usage but no plan controls or invoices, no role controls; the API refuses them too.
  await member.goto("/settings");
  const sections = member.getByRole("navigation", { name: "Settings sections" });
  await expect(sections.getByRole("link", { name: "Members" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Plan and usage" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Self-hosted installs" })).toHaveCount(0);
  await member.goto("/settings/members");
  await expect(member.getByRole("table", { name: "Members" })).toContainText(OWNER.username);
  await expect(member.getByRole("combobox")).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Create invitation link" })).toHaveCount(0);
  await shoot(member, "cloud-members-as-member");
  await member.goto("/settings/billing");
  await expect(member.getByTestId("plan-name")).toHaveText("Free");
  await expect(member.getByTestId("plan-who")).toHaveText("Only owners change the plan; ask one of them about usage or limits.");
  await expect(member.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0);
  await expect(member.getByRole("table", { name: "Invoices" })).toHaveCount(0);
  expect((await member.request.get("/api/billing")).status()).toBe(403);
  const members = (await (await member.request.get("/api/members")).json()) as { members: Array<{ id: number; username: string }> };
  const ownerRow = members.members.find((m) => m.username === OWNER.username)!;
  const demote = await member.request.patch(`/api/members/${ownerRow.id}`, { data: { role: "member" } });
  expect(demote.status()).toBe(403);
  expect(((await demote.json()) as { error: string }).error).toBe("forbidden");
  expect((await member.request.post("/api/billing/checkout")).status()).toBe(403);

  // 5. The owner subscribes: Billing → Upgrade → the fake Checkout → back, and the webhook has flipped the plan.
  await owner.goto("/settings/billing");
  await expect(owner.getByTestId("plan-name")).toHaveText("Free");
  await expect(owner.getByTestId("plan-price")).toHaveText("60 cloud-run minutes a month and 3 seats, at no charge.");
  // Pro's price as Stripe will charge it, read from the configured price.
  await expect(owner.getByTestId("upgrade-offer")).toContainText("Pro: $29.00 / month");
  await expect(owner.getByRole("progressbar", { name: "Seats (members and pending invitations)" })).toHaveAttribute("aria-valuenow", "2");
  await shoot(owner, "cloud-billing-free");
  await owner.getByRole("button", { name: "Upgrade to Pro" }).click();
  await owner.waitForURL(new RegExp(`^${stripe.url}/checkout/`));
  await owner.getByRole("button", { name: "Pay and subscribe" }).click();
  await owner.waitForURL(`${app.base}/settings/billing?checkout=success`);
  await expect(owner.getByTestId("plan-name")).toHaveText("Pro");
  await expect(owner.getByText("Thank you: the subscription is active.")).toBeVisible();
  await expect(owner.getByRole("table", { name: "Invoices" }).getByRole("row")).toHaveCount(2);
  await expect(owner.getByRole("button", { name: "Manage subscription" })).toBeVisible();
  await expect(owner.getByTestId("plan-price")).toHaveText("$29.00 / month.");
  await expect(owner.getByTestId("next-invoice")).toHaveText(/^Next invoice on \w{3} \d{1,2}, \d{4}\.$/);
  await shoot(owner, "cloud-billing-pro");

  // 6. A run on the cloud runner (the default) is metered: its seconds go to the Stripe meter under the run's id.
  const api = owner.request;
  const tag = Date.now().toString(36);
  const project = (await (await api.post("/api/projects", { data: { name: `Metered ${tag}` } })).json()) as { id: number };
  expect((await api.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `nora_${tag}`, isDefault: true } })).status()).toBe(201);
  const script = { steps: [{ tool: "run_start" }, { sleep: 1500 }, { tool: "run_finish", args: { summary: "Metered run" } }] };
  const playbook = await api.post("/api/playbooks", { data: { slug: `metered-${tag}`, title: "Metered", body: `Scripted.\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n` } });
  expect(playbook.status(), await playbook.text()).toBe(201);
  const campaign = await api.post("/api/campaigns", {
    data: {
      projectId: project.id, name: `Cloud ${tag}`, platform: "forum", skill: "forum-scout", playbookId: ((await playbook.json()) as { id: number }).id,
      config: { audience: "maintainers of CI tools", communities: ["devops"], tone: "Plain", offer: "A retry helper", rules: [], maxDraftsPerRun: 3 },
    },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  const { id: campaignId, runner } = (await campaign.json()) as { id: number; runner: string };
  expect(runner).toBe("cloud");
  await owner.goto(`/campaigns/${campaignId}`);
  // A paid plan is not limited: no minutes count beside Run now.
  await expect(owner.getByTestId("minutes-left")).toHaveCount(0);
  // The run is opened from Run now's answer: a quick run's "View live log" link is gone once it ends.
  const [started] = await Promise.all([
    owner.waitForResponse((r) => r.url().endsWith("/api/run") && r.request().method() === "POST"),
    owner.getByRole("button", { name: "Run now" }).click(),
  ]);
  expect(started.status()).toBe(202);
  const { runId } = (await started.json()) as { runId: number };
  await owner.goto(`/runs/${runId}`);
  await expect(owner.getByText("Success").first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => stripe.meterEvents().filter((e) => e.identifier === `run:${runId}`).length, { timeout: 30_000 }).toBe(1);
  const event = stripe.meterEvents().find((e) => e.identifier === `run:${runId}`)!;
  expect(event.event_name).toBe("cloud_run_seconds");
  expect(Number(event.payload.value)).toBeGreaterThanOrEqual(2);

  await owner.goto("/settings/billing");
  const minutes = owner.getByRole("progressbar", { name: "Cloud-runner minutes" });
  expect(Number(await minutes.getAttribute("aria-valuenow"))).toBeGreaterThan(0);

  // 7. Cloud runner tokens, for installs elsewhere: issued once, listed.
  await owner.goto("/settings/cloud-runner");
  // Named for the customers it is for: teams with installs of their own.
  await expect(owner.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Self-hosted installs" })).toHaveAttribute("aria-current", "page");
  await expect(owner.getByText(/Only for teams that also run the dashboard on a server of their own/)).toBeVisible();
  await owner.getByLabel("Name").fill("office install");
  await owner.getByRole("button", { name: "Issue token" }).click();
  await expect(owner.getByRole("region", { name: "Cloud runner token" }).getByTestId("secret-value")).toHaveText(/^ocr_/);
  await owner.screenshot({ path: `${E2E_ARTIFACTS}/screens/cloud-runner-token-light.png`, fullPage: true });
  await owner.getByRole("button", { name: "Done" }).click();
  await expect(owner.getByRole("table", { name: "Cloud runner tokens" })).toContainText("office install");
  await expect(owner.getByRole("table", { name: "Cloud runner tokens" })).toContainText("Never");
  await shoot(owner, "cloud-runner-tokens");
});
