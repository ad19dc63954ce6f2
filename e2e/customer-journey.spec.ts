// A hosted customer's first hour, from the UI alone, on the hosted stack (`npm run cloud`, with billing against the
// local fake Stripe, mail to a local SMTP sink and the scripted fake agent as the relay's agent): sign up with an
// email → the quiet "confirm your address" line with Send again → Plan and usage, seen on the way → a project with its
// description, website and an uploaded archive as its source → a forum account → a campaign made with the form (no
// JSON), started on its schedule → Run now on the cloud runner, the only runner, with the plan's minutes left beside
// it → the draft arrives live in the inbox open in another tab → approved → Getting started, still there at 3 of 4,
// leads to the extension's download and pairing, its last step, and then leaves Home. Screenshots at each step, light
// and dark; the pages this work changed also at a phone's 390 px.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import type { FreshDatabase } from "../test/int/fresh-database";
import { startFakeStripe, type FakeStripe } from "../test/fakes/fake-stripe";
import { zipOf } from "../test/fakes/make-archive";
import { stackEnv, startStack, stopAllStacks } from "./cloud-stack-harness";
import { startE2eMailSink, type E2eMailSink } from "./fixtures/mail-sink";
import { shoot } from "./helpers";

const CUSTOMER = { organizationName: "Northwind Shelving", email: "ada@northwind.example", password: "ada-password-1234" };
const PRICE_PRO = "price_journey_pro";

let dataDir: string;
let database: FreshDatabase | null = null;
let stripe: FakeStripe | null = null;
let sink: E2eMailSink | null = null;

test.afterAll(async () => {
  await stopAllStacks();
  await stripe?.close();
  await sink?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Light and dark at 1440 px, then at a phone's 390 px (shoot reloads: the page's state must survive a reload). */
async function shootWide(page: Page, name: string) {
  await shoot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Home's Getting started card, when it is there. */
const gettingStarted = (page: Page) => page.locator("section").filter({ has: page.getByRole("heading", { name: "Getting started" }) });

async function freshPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: base });
  return context.newPage();
}

test("a customer's first hour: sign up, a project with an uploaded source, a campaign from the form, Run now on the cloud runner, drafts live, reviewed", async ({ browser }) => {
  test.setTimeout(600_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-journey-"));
  // The embedded PostgreSQL runs as the postgres user when the tests run as root: it must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  stripe = await startFakeStripe({ secretKey: "sk_test_journey", webhookSecret: "whsec_journey", prices: { [PRICE_PRO]: { unitAmount: 2900 } } });
  sink = await startE2eMailSink();
  const made = await stackEnv(dataDir, {
    STRIPE_SECRET_KEY: "sk_test_journey",
    STRIPE_WEBHOOK_SECRET: "whsec_journey",
    STRIPE_PRICE_PRO: PRICE_PRO,
    STRIPE_API_BASE: stripe.url,
    OUTREACH_SMTP_URL: sink.url,
    OUTREACH_MAIL_FROM: "Outreach <no-reply@journey.example>",
  });
  database = made.database;
  const base = `http://127.0.0.1:${made.port}`;
  // Links in mail point at the configured address.
  const stack = await startStack({ ...made.env, OUTREACH_PUBLIC_URL: base });
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
  const steps = gettingStarted(page);
  await expect(steps.getByTestId("getting-started-progress")).toHaveText("0 of 4 done");
  await expect(steps).toContainText("Install the browser extension");
  // The address is not confirmed yet: a quiet line on every page, with Send again.
  const unconfirmed = page.getByRole("region", { name: "Email address not confirmed" });
  await expect(unconfirmed).toContainText(`we sent a link to ${CUSTOMER.email}`);
  await sink.linkFor(CUSTOMER.email, "/verify-email");
  const mailsBefore = sink.received.length;
  await unconfirmed.getByRole("button", { name: "Send again" }).click();
  await expect(unconfirmed).toContainText(`A new link is on its way to ${CUSTOMER.email}`);
  const verifyLink = await sink.linkFor(CUSTOMER.email, "/verify-email", mailsBefore);
  await shootWide(page, "journey-2-home");

  // 1b. Plan and usage, from Settings: the Free plan, what it includes, this month's use and what happens at the limit.
  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Plan and usage" }).click();
  await page.waitForURL(`${base}/settings/billing`);
  await expect(page.getByRole("heading", { name: "Plan and usage" })).toBeVisible();
  await expect(page.getByTestId("plan-name")).toHaveText("Free");
  await expect(page.getByRole("list", { name: "What the plan includes" })).toContainText("60 cloud-runner minutes a month");
  await expect(page.getByTestId("usage-cloud-runner-minutes")).toHaveText("0 / 60");
  await expect(page.getByTestId("usage-seats")).toHaveText("1 / 3");
  await expect(page.getByText(/Past this, runs on the cloud runner are refused until \w{3} \d{1,2}, \d{4}, unless you upgrade\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toBeVisible();
  await shootWide(page, "journey-2c-plan-and-usage");

  // 1c. The address confirmed from the newest link: the line goes.
  await page.goto(verifyLink);
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("status")).toContainText(`${CUSTOMER.email} is verified`);
  await page.goto("/");
  await expect(gettingStarted(page)).toBeVisible();
  await expect(page.getByRole("region", { name: "Email address not confirmed" })).toHaveCount(0);

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
  const runner = page.getByLabel("Agent", { exact: true });
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
  // A schedule: the form says plainly that the campaign starts on it, and that is kept.
  await expect(page.getByTestId("campaign-start-words")).toHaveText("No schedule: this campaign runs only when you press Run now on its page.");
  await page.getByLabel("Runs", { exact: true }).selectOption("weekdays");
  await expect(page.getByRole("radio", { name: /Start on this schedule now/ })).toBeChecked();
  await expect(page.getByTestId("campaign-start-words")).toHaveText("This campaign will run on its schedule as soon as it is created.");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const campaignPath = new URL(page.url()).pathname;
  await expect(page.getByRole("list", { name: "Next runs" }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();

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

  // 7. Getting started has not gone with the first campaign: 3 of 4, the extension left, its download linked.
  await page.goto("/");
  const left = gettingStarted(page);
  await expect(left.getByTestId("getting-started-progress")).toHaveText("3 of 4 done");
  await expect(page.getByText("1 active", { exact: true })).toBeVisible();
  const extensionStep = left.getByTestId("getting-started-extension");
  const download = extensionStep.getByRole("link", { name: "Download the extension" });
  await expect(download).toHaveAttribute("href", "/extension.zip");
  const zip = await page.request.get("/extension.zip");
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  await shootWide(page, "journey-8-getting-started");

  // 8. The last step: pair the extension from Settings (the extension sends the code it is given).
  await extensionStep.getByRole("link", { name: /Pair it in Settings/ }).click();
  await page.waitForURL(`${base}/settings#browser-extension`);
  const card = page.locator("section#browser-extension");
  await card.getByRole("button", { name: "Generate pairing code" }).click();
  const code = (await card.getByTestId("pairing-code").locator("code").textContent())!.trim();
  const extension = await browser.newContext({ baseURL: base });
  expect((await extension.request.post("/api/extension/pair", { data: { code, name: "Ada's Chromium" } })).status()).toBe(201);
  await extension.close();

  // Every step done: Home leads with the day's work, and Getting started is gone.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Recent runs" })).toBeVisible();
  await expect(gettingStarted(page)).toHaveCount(0);
});
