// Starts the server once for the whole e2e run and creates the first user through the real sign-up page,
// saving the signed-in browser state that the specs start from.
import { chromium, type FullConfig } from "@playwright/test";
import { startServer } from "./server";
import { CHROMIUM, E2E_PORT, E2E_ARTIFACTS } from "../playwright.config";

export const OWNER = { organizationName: "Acme Outreach", email: "owner@acme.example", username: "owner", password: "owner-password-123" };

export default async function globalSetup(_config: FullConfig) {
  const server = await startServer(E2E_PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.base}/`);
    await page.waitForURL(/\/(login|signup)/);
    await page.goto(`${server.base}/signup`);
    await page.getByLabel("Organization name").fill(OWNER.organizationName);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Username").fill(OWNER.username);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByLabel("Confirm password").fill(OWNER.password);
    await page.getByRole("button", { name: /create|sign up|get started/i }).click();
    await page.waitForURL(`${server.base}/`);
    await page.context().storageState({ path: `${E2E_ARTIFACTS}/owner.json` });
  } finally {
    await browser.close();
  }
  return async () => server.stop();
}
