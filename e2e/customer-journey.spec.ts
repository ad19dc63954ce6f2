// A hosted customer's first hour, from the UI alone, on the hosted stack (`npm run cloud`, with billing against the
// local fake Stripe and the scripted fake agent as the relay's agent): sign up with an email → a project with its
// description, website and an uploaded archive as its source → a forum account → a campaign made with the form (no
// JSON) → Run now on the cloud runner, the only runner, with the plan's minutes left beside it → the draft arrives live
// in the inbox open in another tab → approved. Screenshots at each step, light and dark.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import type { FreshDatabase } from "../test/int/fresh-database";
import { startFakeStripe, type FakeStripe } from "../test/fakes/fake-stripe";
import { zipOf } from "../test/fakes/make-archive";
import { stackEnv, startStack, stopAllStacks } from "./cloud-stack-harness";
import { shoot } from "./helpers";

const CUSTOMER = { organizationName: "Northwind Shelving", email: "ada@northwind.example", password: "ada-password-1234" };
const PRICE_PRO = "price_journey_pro";

let dataDir: string;
let database: FreshDatabase | null = null;
let stripe: FakeStripe | null = null;

test.afterAll(async () => {
  await stopAllStacks();
  await stripe?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freshPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: base });
  return context.newPage();
}

test("a customer's first hour: sign up, a project with an uploaded source, a campaign from the form, Run now on the cloud runner, drafts live, reviewed", async ({ browser }) => {
  test.setTimeout(300_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-journey-"));
  // The embedded PostgreSQL runs as the postgres user when the tests run as root: it must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  stripe = await startFakeStripe({ secretKey: "sk_test_journey", webhookSecret: "whsec_journey", prices: { [PRICE_PRO]: { unitAmount: 2900 } } });
  const made = await stackEnv(dataDir, {
    STRIPE_SECRET_KEY: "sk_test_journey",
    STRIPE_WEBHOOK_SECRET: "whsec_journey",
    STRIPE_PRICE_PRO: PRICE_PRO,
    STRIPE_API_BASE: stripe.url,
  });
  database = made.database;
  const stack = await startStack(made.env);
  const base = `http://127.0.0.1:${made.port}`;
  expect(stack.output()).toContain("Sign-up is open");

  // 1. Sign up: an email, a password and the organization's name; no username needed.
  const page = await freshPage(browser, base);
  await page.goto("/signup");
  await shoot(page, "journey-1-signup");
  await page.getByLabel("Organization name").fill(CUSTOMER.organizationName);
  await page.getByLabel("Email").fill(CUSTOMER.email);
  await page.getByLabel("Password", { exact: true }).fill(CUSTOMER.password);
  await page.getByLabel("Confirm password").fill(CUSTOMER.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${base}/`);
  await expect(page.locator("section").filter({ hasText: "Getting started" }).first()).toContainText("Install the browser extension");
  await shoot(page, "journey-2-home");

  // 2. A project: what it is, its website, and its code as an uploaded archive (never a path on the server).
  await page.goto("/projects");
  await shoot(page, "journey-2b-projects");
  await page.getByLabel("Name").fill("Modular shelving");
  await page.getByRole("textbox", { name: /Description/ }).fill("Steel shelving that small warehouses assemble without tools.");
  await page.getByLabel("Website").fill("https://northwind.example");
  await expect(page.getByRole("radio", { name: "Folder on this server" })).toHaveCount(0);
  await page.getByRole("radio", { name: "Upload an archive" }).check();
  const archive = zipOf([{ name: "README.md", data: "# Modular shelving\n\nAssembles in ten minutes, no tools.\n" }]);
  await page.getByLabel("Archive", { exact: true }).setInputFiles({ name: "shelving.zip", mimeType: "application/zip", buffer: Buffer.from(archive) });
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { name: "Modular shelving" })).toBeVisible();
  await expect(page.getByTestId("project-source")).toContainText("shelving.zip");
  await expect(page.getByRole("link", { name: "northwind.example" })).toBeVisible();
  const projectId = Number(page.url().match(/projects\/(\d+)/)![1]);

  // 3. The platform account drafts are sent from.
  await page.getByLabel("Handle").fill("northwind_ada");
  await page.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByRole("table", { name: "Accounts" }).getByText("northwind_ada", { exact: true }).first()).toBeVisible();
  await shoot(page, "journey-3-project");

  // 4. A campaign, with the form only; the cloud runner is the only one there is.
  await page.goto(`/campaigns/new?projectId=${projectId}`);
  // Shot before filling: each theme is a reload.
  await shoot(page, "journey-4-campaign-form", { fullPage: true });
  await page.getByLabel("Name").fill("Warehouse owners");
  const runner = page.getByLabel("Runner", { exact: true });
  if ((await runner.count()) > 0) await expect(runner.locator("option")).toHaveText(["Cloud (managed)"]);
  await page.getByLabel("Audience").fill("Owners of small warehouses who outgrew their shelving");
  const communities = page.getByRole("textbox", { name: "Communities" });
  await communities.fill("logistics");
  await communities.press("Enter");
  await page.getByLabel("Tone").fill("Plain, first person, no hype");
  await page.getByLabel("Offer").fill("A free layout plan for their first aisle");
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByLabel("Rule 1", { exact: true }).fill("Say who you are in the first line");
  await page.getByLabel("Drafts per run").fill("3");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const campaignPath = new URL(page.url()).pathname;

  // 5. Run now, with the plan's minutes beside it; the inbox is open in another tab and the draft arrives there live.
  const inbox = await page.context().newPage();
  await inbox.goto("/inbox");
  await expect(inbox.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await page.goto(campaignPath);
  await expect(page.getByTestId("minutes-left")).toHaveText("60 of 60 cloud-run minutes left this month");
  await shoot(page, "journey-5-campaign");
  await page.getByRole("button", { name: "Run now" }).click();
  const row = inbox.locator("tr[data-draft-id]").filter({ hasText: "fake-target-" }).first();
  await expect(row).toBeVisible({ timeout: 60_000 });
  await shoot(inbox, "journey-6-inbox");

  // 6. Reviewed: approved from the inbox.
  await row.getByRole("button", { name: /^Approve draft \d+$/ }).click();
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();
  await inbox.getByRole("link", { name: "Approved" }).click();
  await expect(inbox.locator("tr[data-draft-id]").filter({ hasText: "fake-target-" })).toHaveCount(1);
  await shoot(inbox, "journey-7-reviewed");
  await page.goto(campaignPath);
  await expect(page.getByText("Success").first()).toBeVisible();
});
