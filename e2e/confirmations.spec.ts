// A newcomer's dead ends: destructive actions ask in a dialog that names what goes (a double click on Delete never
// deletes, and a project is deleted only after its name is typed); Run now waits while the profile is generated.
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { databaseUrl } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_ARTIFACTS } from "../playwright.config";

test("a double click on a project's Delete deletes nothing; the dialog names what goes and wants the name typed", async ({ page }) => {
  const name = `Keep me ${Date.now().toString(36)}`;
  const project = (await (await page.request.post("/api/projects", { data: { name } })).json()) as { id: number };
  await page.goto(`/projects/${project.id}`);
  const trigger = page.getByRole("button", { name: `Delete project ${name}` });

  await trigger.dblclick();
  // Give a would-be delete its time, then check the project is still there.
  await page.waitForTimeout(500);
  expect((await page.request.get(`/api/projects/${project.id}`)).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

  await page.keyboard.press("Escape");
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: `Delete project ${name}?` });
  await expect(dialog).toContainText("Its accounts, campaigns, example messages and uploaded or fetched source files are deleted with it.");
  const confirm = dialog.getByRole("button", { name: "Delete project" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type "${name}" to confirm`).fill(name.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/confirm-delete-project-light.png` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await page.request.get(`/api/projects/${project.id}`)).status()).toBe(200);

  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await trigger.click();
  await dialog.getByLabel(`Type "${name}" to confirm`).fill(name);
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/confirm-delete-project-dark.png` });
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await confirm.click();
  await expect(page).toHaveURL(/\/projects$/);
  expect((await page.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
});

test("Run now waits while the campaign's profile is being generated, in the page and in the API", async ({ page }) => {
  const u = Date.now().toString(36);
  const project = (await (await page.request.post("/api/projects", { data: { name: `Profile wait ${u}` } })).json()) as { id: number };
  expect((await page.request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `wait_${u}` } })).status()).toBe(201);
  const campaign = (await (
    await page.request.post("/api/campaigns", {
      data: { projectId: project.id, name: `Waiting ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG, config: { audience: "maintainers", communities: ["devops"], tone: "Plain", offer: "A helper", rules: [], maxDraftsPerRun: 3 } },
    })
  ).json()) as { id: number };
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO runs (organization_id, campaign_id, project_id, kind, runner, status, params, created_at)
       SELECT organization_id, id, project_id, 'campaign_skill_generation', 'fake-agent', 'running', '{"mode":"apply"}', now() FROM campaigns WHERE id = $1 RETURNING id`,
      [campaign.id],
    );
    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page.getByRole("button", { name: "Run now" })).toBeDisabled();
    await expect(page.getByText("The campaign profile is being generated; Run now is back when it is done.")).toBeVisible();
    const refused = await page.request.post("/api/run", { data: { campaignId: campaign.id } });
    expect(refused.status()).toBe(409);
    await db.query("UPDATE runs SET status = 'failed', failure_reason = 'cancelled', finished_at = now() WHERE id = $1", [rows[0]!.id]);
    await page.reload();
    await expect(page.getByRole("button", { name: "Run now" })).toBeEnabled();
  } finally {
    await db.end();
  }
});

test("no runner dead end: a new campaign defaults to a runner that can run, and an existing one changes its runner from the banner", async ({ page }) => {
  const u = Date.now().toString(36);
  const project = (await (await page.request.post("/api/projects", { data: { name: `Runner choice ${u}` } })).json()) as { id: number };
  expect((await page.request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `runner_${u}` } })).status()).toBe(201);

  // The cloud runner is not connected on this server; the fake agent (and whatever else is detected) is installed.
  // Detected afresh here, so the state does not depend on what an earlier spec left behind.
  expect((await page.request.post("/api/runners")).status()).toBe(200);
  const { runners } = (await (await page.request.get("/api/runners")).json()) as { runners: { slug: string; available: boolean }[] };
  expect(runners.find((r) => r.slug === "cloud")?.available).toBe(false);
  await page.goto(`/campaigns/new?project=${project.id}`);
  await expect(page.getByLabel("Agent", { exact: true })).toHaveValue(runners.find((r) => r.available)!.slug);

  // A campaign left on the cloud runner (made through the API, as the demo data is): the banner leads to the choice.
  const campaign = (await (
    await page.request.post("/api/campaigns", {
      data: { projectId: project.id, name: `On cloud ${u}`, platform: "forum", skill: "forum-scout", runner: "cloud", config: { audience: "maintainers", communities: ["devops"], tone: "Plain", offer: "A helper", rules: [], maxDraftsPerRun: 3 } },
    })
  ).json()) as { id: number };
  await page.goto(`/campaigns/${campaign.id}`);
  const banner = page.getByRole("region", { name: "Setup required" });
  await banner.getByRole("link", { name: "Choose another agent" }).click();
  const runner = page.getByLabel("Agent", { exact: true });
  await expect(runner).toBeInViewport();
  await expect(runner).toHaveValue("cloud");
  await runner.selectOption(FAKE_AGENT_SLUG);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Setup required" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Run now" })).toBeEnabled();
  expect(((await (await page.request.get(`/api/campaigns/${campaign.id}`)).json()) as { runner: string }).runner).toBe(FAKE_AGENT_SLUG);
});

test("errors read as sentences: a blank blocklist value, a lost connection, an unknown address", async ({ page }) => {
  await page.goto("/settings");
  const form = page.locator("form").filter({ has: page.getByLabel("Value", { exact: true }) });
  await form.getByLabel("Value", { exact: true }).fill("   ");
  await form.getByRole("button", { name: /add/i }).click();
  await expect(form.getByRole("alert")).toHaveText("Value is required.");

  await form.getByLabel("Value", { exact: true }).fill("spam_bot");
  await page.route("**/api/blocklist", (route) => route.abort("internetdisconnected"));
  await form.getByRole("button", { name: /add/i }).click();
  await expect(form.getByRole("alert")).toHaveText("Could not reach the server. Check your connection and try again.");
  await page.unroute("**/api/blocklist");

  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the new-campaign form drops a refusal once the field it was about is edited", async ({ page }) => {
  const u = Date.now().toString(36);
  const project = (await (await page.request.post("/api/projects", { data: { name: `Timing form ${u}` } })).json()) as { id: number };
  expect((await page.request.post("/api/campaigns", { data: { projectId: project.id, name: "Every so often", platform: "forum", skill: "forum-scout" } })).status()).toBe(201);
  await page.goto(`/campaigns/new?projectId=${project.id}`);
  // A cron the picker cannot write is checked in the form, beside its field.
  await page.getByLabel("Name").fill("Every so often");
  await page.getByLabel("Runs").selectOption("custom");
  await page.getByLabel("Cron (UTC)").fill("every monday");
  await page.getByRole("button", { name: /create campaign/i }).click();
  const fieldError = page.locator("#campaign-schedule-cron-error");
  await expect(fieldError).toHaveText("Use five fields: minute hour day-of-month month day-of-week.");
  await page.getByLabel("Cron (UTC)").fill("0 9 * * 1");
  await expect(fieldError).toHaveCount(0);
  // The server's refusal (the name is taken in this project) goes once the name is edited.
  await page.getByRole("button", { name: /create campaign/i }).click();
  const alert = page.getByRole("alert").filter({ hasText: 'This project already has a campaign named "Every so often". Choose another name.' });
  await expect(alert).toBeVisible();
  await page.getByLabel("Name").fill("Every Monday");
  await expect(alert).toHaveCount(0);
});
