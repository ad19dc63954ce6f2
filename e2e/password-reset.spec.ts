// Accounts with an email address in the browser, on an app instance of its own (fresh database, sign-in on) that
// mails through a real SMTP server started here: the first account signs up with an address and verifies it from the
// mailed link; signed out, Forgot password? mails a reset link; the link sets a new password and signs in, the
// session from before ends, the old password stops working and the link works only once; Settings > Account shows the
// verified address. Screenshots of the new pages go to e2e/.artifacts/screens.
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { startApp, type AppInstance } from "./server";
import { mailingAppEnv, startE2eMailSink, type E2eMailSink } from "./fixtures/mail-sink";
import { shoot } from "./helpers";

const PORT = E2E_PORT + 60;
const ME = { organizationName: "Harbor Studio", email: "Mira.Lund@Harbor.example", password: "first-password-123", newPassword: "second-password-456" };
const STORED_EMAIL = ME.email.toLowerCase();

let database: FreshDatabase;
let sink: E2eMailSink;
let app: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createFreshDatabase("pwreset");
  sink = await startE2eMailSink();
  app = await startApp({ port: PORT, logName: "password-reset", env: mailingAppEnv({ databaseUrl: database.url, sink, port: PORT }) });
});

test.afterAll(async () => {
  await app?.stop();
  await sink?.close();
  await database?.drop();
  await stopEmbeddedTestServer();
});

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: app.base });
  return context.newPage();
}

test("sign up with an address, verify it, forget the password, reset it from the mailed link and sign in with the new one", async ({ browser }) => {
  test.setTimeout(180_000);

  // 1. The first account, with an address and no username (one is made from the address).
  const first = await freshPage(browser);
  await first.goto("/signup");
  await first.getByLabel("Organization name").fill(ME.organizationName);
  await first.getByLabel("Email").fill(ME.email);
  await first.getByLabel("Password", { exact: true }).fill(ME.password);
  await first.getByLabel("Confirm password").fill(ME.password);
  await first.getByRole("button", { name: "Create account" }).click();
  await first.waitForURL(`${app.base}/`);
  await expect(first.getByText("Signed in as")).toContainText("mira.lund");

  // 2. The verification mail's link: one button confirms the address.
  const verifyLink = await sink.linkFor(STORED_EMAIL, "/verify-email");
  expect(verifyLink.startsWith(`${app.base}/verify-email/vfy_`)).toBe(true);
  const verifier = await freshPage(browser);
  await verifier.goto(verifyLink);
  await expect(verifier.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await shoot(verifier, "verify-email");
  await verifier.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(verifier.getByRole("status")).toContainText(`${STORED_EMAIL} is verified`);
  // The same link again (a second click in the mail, another tab): already verified, not a button to press again.
  await verifier.goto(verifyLink);
  await expect(verifier.getByRole("heading", { name: "Your email address is already verified" })).toBeVisible();
  await expect(verifier.getByRole("button", { name: "Confirm my email address" })).toHaveCount(0);
  await shoot(verifier, "verify-email-already-verified");
  await verifier.setViewportSize({ width: 390, height: 844 });
  await shoot(verifier, "verify-email-already-verified-390");

  // 3. Signed out elsewhere: Forgot password? asks for the address and says the same whoever asks.
  const page = await freshPage(browser);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL(`${app.base}/forgot-password`);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await shoot(page, "forgot-password");
  const mailsBefore = sink.received.length;
  await page.getByLabel("Email").fill(ME.email.toUpperCase());
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("Check your inbox.");
  await expect(page.getByRole("status")).toContainText("If an account uses this address");

  // 4. The link from the mail: choose a new password; this browser is signed in.
  const resetLink = await sink.linkFor(STORED_EMAIL, "/reset-password", mailsBefore);
  expect(resetLink.startsWith(`${app.base}/reset-password/rst_`)).toBe(true);
  await page.goto(resetLink);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await shoot(page, "reset-password");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await page.getByRole("button", { name: "Set new password and sign in" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(ME.newPassword);
  await page.getByLabel("Confirm new password").fill(ME.newPassword);
  await page.getByRole("button", { name: "Set new password and sign in" }).click();
  await page.waitForURL(`${app.base}/`);
  await expect(page.getByText("Signed in as")).toBeVisible();

  // 5. The session from sign-up ended with the reset.
  await first.goto("/settings");
  await first.waitForURL(/\/login/);

  // 6. The link worked once.
  const again = await freshPage(browser);
  await again.goto(resetLink);
  await expect(again.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
  await expect(again.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  await shoot(again, "reset-password-used");

  // 7. Sign-in by address: the old password no longer works, the new one does.
  await again.goto("/login");
  await again.getByLabel("Email or username").fill(STORED_EMAIL);
  await again.getByLabel("Password").fill(ME.password);
  await again.getByRole("button", { name: "Sign in" }).click();
  await expect(again.getByText("Wrong email, username or password.")).toBeVisible();
  await again.getByLabel("Password").fill(ME.newPassword);
  await again.getByRole("button", { name: "Sign in" }).click();
  await again.waitForURL(`${app.base}/`);

  // 8. Settings > Account: the verified address, Send again hidden, the password form.
  await again.goto("/settings/account");
  const current = again.getByRole("group", { name: "Current email address" });
  await expect(current).toContainText(STORED_EMAIL);
  await expect(current).toContainText("verified");
  await expect(current).not.toContainText("not verified");
  await expect(again.getByRole("button", { name: "Send again" })).toHaveCount(0);
  await expect(again.getByRole("button", { name: "Change password" })).toBeVisible();
  await shoot(again, "account-settings");
});
