// A new user sets up a project, an account, a template and a campaign through the pages.
import { expect, test } from "./fixtures/hydration";
import { shoot } from "./helpers";

test("project, account, template and campaign, end to end through the UI", async ({ page, request }) => {
  const name = `Harbor ${Date.now().toString(36)}`;
  await page.goto("/projects");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("textbox", { name: /Description/ }).fill("An open-source CLI that keeps container images small.");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();

  // Account with credentials: the secret never shows up on the page or in the API.
  await page.getByLabel("Handle").fill("harbor_dev");
  await page.getByLabel("Login username").fill("harbor_dev");
  await page.getByLabel("Password").fill("s3cret-password-value");
  await page.getByRole("button", { name: "Add account" }).click();
  const accounts = page.getByRole("table", { name: "Accounts" });
  await expect(accounts.getByText("harbor_dev", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("s3cret-password-value")).toHaveCount(0);
  const projectId = Number(page.url().match(/projects\/(\d+)/)![1]);
  const api = await (await request.get(`/api/projects/${projectId}/accounts`)).text();
  expect(api).not.toContain("s3cret-password-value");
  await shoot(page, "project");

  await page.goto(`/projects/${projectId}?tab=templates`);
  // An outreach team's word for few-shot templates.
  await expect(page.getByRole("heading", { name: "Example messages", level: 2 })).toBeVisible();
  await expect(page.getByText("Templates", { exact: true })).toHaveCount(0);
  await page.getByLabel("Title").fill("Friendly opener");
  await page.getByLabel("Body").fill("Saw your post about slow CI builds - we hit the same thing.");
  await page.getByRole("button", { name: /add example message|save/i }).first().click();
  await expect(page.getByText("Friendly opener")).toBeVisible();

  await page.goto(`/campaigns/new?projectId=${projectId}`);
  await page.getByLabel("Name").fill("Weekly scout");
  // The raw cron is the schedule picker's custom choice.
  await page.getByLabel("Runs").selectOption("custom");
  await page.getByLabel("Cron (UTC)").fill("every monday");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.locator("#campaign-schedule-cron-error")).toHaveText(/five fields/i);
  await page.getByLabel("Cron (UTC)").fill("0 9 * * 1-5");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByRole("heading", { name: "Weekly scout" })).toBeVisible();
  await expect(page.getByText("0 9 * * 1-5").first()).toBeVisible();
  await shoot(page, "campaign");

  await page.goto("/projects");
  await expect(page.getByRole("table", { name: "Projects" }).getByText(name)).toBeVisible();
  await shoot(page, "projects");
});

test("settings: dedup policy and blocklist", async ({ page }) => {
  await page.goto("/settings");
  await shoot(page, "settings");
  const value = `spam_${Date.now().toString(36)}`;
  await page.getByLabel("Value").fill(value);
  await page.getByRole("button", { name: /block|add/i }).last().click();
  await expect(page.getByText(value)).toBeVisible();
});

test("agent runners: settings lists each backend; the campaign form disables what is not installed", async ({ page }) => {
  // Detected afresh, so the state does not depend on what an earlier spec left behind.
  expect((await page.request.post("/api/runners")).status()).toBe(200);
  const { runners } = (await (await page.request.get("/api/runners")).json()) as { runners: { slug: string; label: string; available: boolean; spec: unknown }[] };
  await page.goto("/settings");
  const card = page.getByRole("table", { name: "Agent runners" });
  for (const r of runners) {
    await expect(card.getByText(r.slug, { exact: true })).toBeVisible();
    await expect(card.getByRole("row").filter({ hasText: r.label }).first()).toBeVisible();
  }
  await expect(card.getByText("gemini --acp")).toBeVisible();
  await page.getByRole("button", { name: "Re-detect" }).click();
  await expect(page.getByRole("button", { name: "Re-detect" })).toBeEnabled();
  await shoot(page, "settings-runners");

  // The form needs a project to attach the campaign to.
  await page.request.post("/api/projects", { data: { name: `Runner check ${Date.now().toString(36)}` } });
  await page.goto("/campaigns/new");
  const select = page.getByLabel("Agent", { exact: true });
  // Preselected: the first runner that can run here (cloud when it is connected).
  await expect(select).toHaveValue((runners.find((r) => r.available) ?? runners[0]!).slug);
  for (const r of runners.filter((x) => x.spec !== null)) {
    const option = select.locator(`option[value="${r.slug}"]`);
    if (r.available) await expect(option).toBeEnabled();
    else await expect(option).toBeDisabled();
  }
});
