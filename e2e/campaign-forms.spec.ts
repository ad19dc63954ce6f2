// Campaigns a person sets up without JSON, seen from Tokyo (UTC+9, no clock changes): a campaign created with the form
// alone (schedule picker, profile fields, chips, rules, Advanced JSON) and its errors; Advanced keeping a key the form
// does not know; pause, then a rename, and the campaign still paused everywhere; the list's search and filters in the
// URL with the schedule in words, next and last run and drafts waiting; the picker on the edit form, the raw cron and
// none; Generate preview held back with the reason when the runner cannot run. Screenshots light and dark, 1440 and
// 390 px wide.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { cli, created, databaseUrl, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_ARTIFACTS } from "../playwright.config";

test.use({ timezoneId: "Asia/Tokyo" });

const PROFILE = {
  audience: "Freelancers who bill by the hour",
  communities: ["freelance"],
  tone: "Friendly",
  offer: "A free time tracker",
  rules: ["Say who you are first"],
  maxDraftsPerRun: 3,
};

let sql: pg.Client;
test.beforeAll(async () => {
  sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
});
test.afterAll(async () => sql.end());

async function project(request: APIRequestContext, name: string) {
  return created<{ id: number }>(await request.post("/api/projects", { data: { name } }));
}

async function campaign(request: APIRequestContext, data: Record<string, unknown>) {
  return created<{ id: number; name: string }>(await request.post("/api/campaigns", { data: { platform: "forum", skill: "forum-scout", ...data } }));
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways by ${scrollWidth - clientWidth}px`).toBeLessThanOrEqual(clientWidth);
}

/** Light and dark without a reload, so what was typed and the errors stay on the page (helpers' shoot() reloads). */
async function shootInPlace(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      (window as unknown as { __applyTheme: () => void }).__applyTheme();
    }, theme);
    // Colours change with a transition: shoot once they have settled.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    (window as unknown as { __applyTheme: () => void }).__applyTheme();
  });
}

/** Light and dark at 1440 px, then at a phone's 390 px (which must not scroll sideways). */
async function shootBoth(page: Page, name: string) {
  await shootInPlace(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shootInPlace(page, `${name}-phone`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const cronOf = async (request: APIRequestContext, id: number) => ((await (await request.get(`/api/campaigns/${id}`)).json()) as { cron: string | null }).cron;

test("a campaign created with the form alone: schedule in the viewer's time, profile fields, chips, rules, Advanced, errors beside their fields", async ({ page, request }) => {
  const u = uid();
  const p = await project(request, `Form ${u}`);
  await page.goto(`/campaigns/new?projectId=${p.id}`);
  await page.getByLabel("Name").fill(`Form only ${u}`);

  // Every weekday at 08:00 in Tokyo is 23:00 UTC the evening before, Sunday to Thursday.
  await page.getByLabel("Runs", { exact: true }).selectOption("weekdays");
  await page.getByLabel("At", { exact: true }).fill("08:00");
  // With a schedule, the form says whether the campaign starts on it, and the creator chooses.
  const start = page.getByTestId("campaign-start-words");
  await expect(start).toHaveText("This campaign will run on its schedule as soon as it is created.");
  await page.getByRole("radio", { name: /Create it not started/ }).check();
  await expect(start).toHaveText("This campaign will not run on its schedule until you start it.");
  const words = page.getByTestId("schedule-words");
  await expect(words).toContainText("Every weekday at 08:00, your time (Asia/Tokyo).");
  await expect(words).toContainText("Saved as the cron 0 23 * * 0-4 in UTC: at 23:00, Sunday through Thursday UTC.");

  // A first try with too little: each field says what is wrong, beside it, and nothing is created.
  await page.getByLabel("Audience").fill("x");
  await page.getByLabel("Tone").fill("Plain, first person");
  await page.getByRole("button", { name: "Advanced: other profile keys as JSON" }).click();
  await page.getByLabel("Other keys (JSON)").fill('{"tone": "Loud", "language": "en"}');
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.locator("#campaign-profile-audience-error")).toHaveText("Audience needs at least 3 characters.");
  await expect(page.locator("#campaign-profile-communities-error")).toHaveText("Add at least one community.");
  await expect(page.locator("#campaign-profile-offer-error")).toHaveText("Offer needs at least 3 characters.");
  await expect(page.locator("#campaign-profile-maxDraftsPerRun-error")).toHaveText("Drafts per run is a whole number from 1 to 50.");
  await expect(page.locator("#campaign-profile-extraJson-error")).toHaveText('Tone ("tone") has its own field above: set it there and remove it here.');
  await expect(page.getByLabel("Audience")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/campaigns\/new/);
  await shootBoth(page, "campaign-new-errors");

  // Communities as chips: Enter adds (r/ dropped), a refused one stays in the box with the reason, Backspace and x remove.
  const communities = page.getByRole("textbox", { name: "Communities" });
  const chips = page.getByRole("list", { name: "Communities" }).getByRole("listitem");
  await communities.fill("free lance");
  await communities.press("Enter");
  await expect(page.locator("#campaign-profile-communities-error")).toHaveText("Write a community name as 2-50 letters, digits or underscores, without r/, like freelance.");
  await expect(communities).toHaveValue("free lance");
  await communities.fill("r/freelance");
  await communities.press("Enter");
  await communities.fill("productivity");
  await communities.press("Enter");
  await expect(chips).toHaveText(["freelance", "productivity"]);
  await communities.press("Backspace");
  await expect(chips).toHaveText(["freelance"]);
  for (const name of ["devops", "startups"]) {
    await communities.fill(name);
    await communities.press("Enter");
  }
  await page.getByRole("button", { name: "Remove community devops" }).click();
  await expect(chips).toHaveText(["freelance", "startups"]);

  await page.getByLabel("Audience").fill("Freelancers who bill by the hour");
  await page.getByLabel("Offer").fill("A free time tracker");
  // Rules: add three, move the third up, remove the one it passed.
  for (const [i, text] of ["Say who you are first", "No links in the first message", "Never promise dates"].entries()) {
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByLabel(`Rule ${i + 1}`, { exact: true }).fill(text);
  }
  await page.getByRole("button", { name: "Move rule 3 up" }).click();
  await expect(page.getByLabel("Rule 2", { exact: true })).toHaveValue("Never promise dates");
  await page.getByRole("button", { name: "Remove rule 3" }).click();
  await expect(page.getByLabel("Rule 3", { exact: true })).toHaveCount(0);
  const keywords = page.getByRole("textbox", { name: "Keywords" });
  await keywords.fill("time tracking");
  await keywords.press("Enter");
  await page.getByLabel("Drafts per run").fill("4");
  await page.getByLabel("Other keys (JSON)").fill('{"language": "en"}');
  await expect(page.locator("#campaign-profile-extraJson-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Create campaign" }).click();

  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const id = Number(page.url().match(/campaigns\/(\d+)$/)![1]);
  const saved = (await (await request.get(`/api/campaigns/${id}`)).json()) as { cron: string; state: string; config: object };
  expect(saved).toMatchObject({ cron: "0 23 * * 0-4", state: "draft" });
  expect(saved.config).toEqual({
    audience: "Freelancers who bill by the hour",
    communities: ["freelance", "startups"],
    tone: "Plain, first person",
    offer: "A free time tracker",
    rules: ["Say who you are first", "Never promise dates"],
    keywords: ["time tracking"],
    maxDraftsPerRun: 4,
    language: "en",
  });
  // Read back as fields, not JSON; the schedule in Tokyo time.
  const profile = page.getByTestId("profile-view");
  await expect(profile).toContainText("Freelancers who bill by the hour");
  await expect(profile.getByRole("list", { name: "Communities" }).getByRole("listitem")).toHaveText(["freelance", "startups"]);
  await expect(profile.getByRole("listitem").filter({ hasText: "Never promise dates" })).toBeVisible();
  await expect(profile).toContainText("language");
  await expect(profile).not.toContainText("{");
  await expect(page.getByTestId("campaign-schedule")).toContainText("Every weekday at 08:00, your time (Asia/Tokyo)");
  await shootBoth(page, "campaign-profile");
});

test("Advanced keeps the keys the form does not know when a field is edited and saved", async ({ page, request }) => {
  const u = uid();
  const p = await project(request, `Advanced ${u}`);
  const c = await campaign(request, { projectId: p.id, name: `Advanced ${u}`, config: { ...PROFILE, language: "en", signature: { name: "Ann" } } });
  await page.goto(`/campaigns/${c.id}`);
  // The box opens by itself when there are such keys, so none is hidden.
  await expect(page.getByLabel("Other keys (JSON)")).toHaveValue(JSON.stringify({ language: "en", signature: { name: "Ann" } }, null, 2));
  await page.locator("#edit-campaign-profile-tone").fill("Warm and brief");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  const saved = (await (await request.get(`/api/campaigns/${c.id}`)).json()) as { config: object };
  expect(saved.config).toEqual({ ...PROFILE, tone: "Warm and brief", language: "en", signature: { name: "Ann" } });
  await expect(page.getByTestId("profile-view")).toContainText("Warm and brief");

  // An emptied field is refused beside it, and nothing is saved.
  await page.locator("#edit-campaign-profile-audience").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#edit-campaign-profile-audience-error")).toHaveText("Audience needs at least 3 characters.");
  expect(((await (await request.get(`/api/campaigns/${c.id}`)).json()) as { config: { audience: string } }).config.audience).toBe(PROFILE.audience);
});

test("pause, then a rename in the edit form: the campaign is still paused in the form, the badge, the list and Home", async ({ page, request }) => {
  const u = uid();
  const p = await project(request, `Pause ${u}`);
  const c = await campaign(request, { projectId: p.id, name: `Pausable ${u}`, cron: "0 0 * * 1-5", config: PROFILE, runner: FAKE_AGENT_SLUG });
  expect((await request.patch(`/api/campaigns/${c.id}`, { data: { state: "active" } })).status()).toBe(200);
  await page.goto(`/campaigns/${c.id}`);
  const state = page.getByLabel("State", { exact: true });
  await expect(state).toHaveValue("active");

  await page.getByRole("button", { name: "Pause schedule" }).click();
  await expect(page.getByTestId("campaign-schedule")).toContainText("No scheduled runs until you resume.");
  // The form follows the page: its State says Paused, with what that means.
  await expect(state).toHaveValue("paused");
  await expect(page.getByTestId("state-help")).toHaveText("Paused: Its schedule is stopped until you resume it; slots that pass meanwhile are not run.");

  await page.locator("#edit-campaign-name").fill(`Renamed ${u}`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  expect(await (await request.get(`/api/campaigns/${c.id}`)).json()).toMatchObject({ name: `Renamed ${u}`, state: "paused", nextRunAt: null });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Paused");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("paused");

  await page.goto(`/campaigns?state=paused&q=${u}`);
  const row = page.getByRole("table", { name: "Campaigns" }).locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Renamed ${u}`);
  await expect(row.getByText("Paused")).toHaveCount(2);

  await page.goto("/");
  await expect(page.getByRole("link", { name: /^Campaigns \d+/ })).toContainText(/\d+ paused/);
});

test("the list: schedule in words, next and last run, drafts waiting, names for skill and runner; search and filters in the URL", async ({ page, request }) => {
  const u = uid();
  const p1 = await project(request, `List one ${u}`);
  const p2 = await project(request, `List two ${u}`);
  const account = await created<{ id: number }>(await request.post(`/api/projects/${p1.id}/accounts`, { data: { platform: "forum", platformId: `lister_${u}` } }));
  // 00:00 UTC on weekdays is 09:00 on weekdays in Tokyo.
  const alpha = await campaign(request, { projectId: p1.id, name: `Alpha scout ${u}`, cron: "0 0 * * 1-5", config: PROFILE });
  const beta = await campaign(request, { projectId: p2.id, name: `Beta poster ${u}`, platform: "federated", skill: "federated-poster" });
  const gamma = await campaign(request, { projectId: p1.id, name: `Gamma scout ${u}`, cron: "0 3 * * *" });
  await request.patch(`/api/campaigns/${alpha.id}`, { data: { state: "active" } });
  await request.patch(`/api/campaigns/${gamma.id}`, { data: { state: "paused" } });
  const { rows } = await sql.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [alpha.id]);
  // A quota failure, not a sign-in one: a cloud sign-in failure would stay on Settings' runners for other specs.
  await sql.query(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, failure_reason, trigger, runner, playbook_slug, started_at, finished_at)
     VALUES ($1, $2, $3, 'campaign', 'failed', 'quota_exhausted', 'schedule', 'cloud', 'forum-scout', now() - interval '2 hours', now() - interval '2 hours' + interval '40 seconds')`,
    [rows[0]!.organization_id, alpha.id, p1.id],
  );
  const file = path.join(os.tmpdir(), `list-drafts-${u}.json`);
  fs.writeFileSync(file, JSON.stringify([0, 1].map((i) => ({ kind: "dm", accountId: account.id, targetUser: `lister${i}_${u}`, body: `Hello there, number ${i}.`, qualityScore: 80 }))));
  cli(["drafts:create", "--campaign", String(alpha.id), "--file", file]);
  fs.rmSync(file, { force: true });

  await page.goto("/campaigns");
  await page.getByLabel("Search").fill(u);
  await expect(page).toHaveURL(new RegExp(`q=${u}`));
  const table = page.getByRole("table", { name: "Campaigns" });
  const rowsOf = table.locator("tbody tr");
  await expect(rowsOf).toHaveCount(3);
  const alphaRow = rowsOf.filter({ hasText: `Alpha scout ${u}` });
  await expect(alphaRow).toContainText("Every weekday at 09:00");
  await expect(alphaRow).toContainText("Forum scout (direct messages)");
  await expect(alphaRow).toContainText("Cloud");
  await expect(alphaRow).toContainText("failed");
  await expect(alphaRow).toContainText("Quota or rate limit reached");
  await expect(alphaRow.getByRole("link", { name: "2 to review" })).toHaveAttribute("href", `/inbox?campaign=${alpha.id}`);
  await expect(alphaRow).toContainText("GMT+9");
  await expect(rowsOf.filter({ hasText: `Gamma scout ${u}` })).toContainText("Every day at 12:00");
  // The table fits its card at this width.
  const fits = await table.evaluate((el) => el.scrollWidth <= el.parentElement!.clientWidth);
  expect(fits).toBe(true);
  await shootBoth(page, "campaigns-list");

  await page.getByLabel("State", { exact: true }).selectOption("paused");
  await expect(page).toHaveURL(/state=paused/);
  await expect(rowsOf).toHaveCount(1);
  await expect(rowsOf).toContainText(`Gamma scout ${u}`);
  await expect(rowsOf).toContainText("Paused");

  await page.getByLabel("State", { exact: true }).selectOption("");
  await page.getByLabel("Platform", { exact: true }).selectOption("federated");
  await expect(page).toHaveURL(/platform=federated/);
  await expect(rowsOf).toHaveCount(1);
  await expect(rowsOf).toContainText("Federated poster (new posts)");
  await expect(rowsOf).toContainText("Only on Run now");
  await expect(rowsOf).toContainText("On demand");
  await expect(rowsOf).toContainText("Never run");

  await page.getByLabel("Platform", { exact: true }).selectOption("");
  await page.getByLabel("Project", { exact: true }).selectOption(String(p1.id));
  await expect(page).toHaveURL(new RegExp(`projectId=${p1.id}`));
  await expect(rowsOf).toHaveCount(2);
  // The filters live in the URL: a reload keeps them.
  await page.reload();
  await expect(page.getByLabel("Search")).toHaveValue(u);
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue(String(p1.id));
  await expect(rowsOf).toHaveCount(2);
  await page.getByLabel("Search").fill(`nothing-like-${u}`);
  await expect(page.getByText("No campaigns match")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByLabel("Search")).toHaveValue("");
  await expect(table.getByRole("link", { name: `Beta poster ${u}` })).toBeVisible();
});

test("the schedule picker on the edit form: once a week and every few hours in Tokyo time, the raw cron, and none", async ({ page, request }) => {
  const u = uid();
  const p = await project(request, `Picker ${u}`);
  const c = await campaign(request, { projectId: p.id, name: `Picker ${u}` });
  await page.goto(`/campaigns/${c.id}`);
  const runs = page.getByLabel("Runs", { exact: true });
  const words = page.getByTestId("schedule-words");
  await expect(runs).toHaveValue("none");

  // Monday 06:00 in Tokyo is Sunday 21:00 UTC.
  await runs.selectOption("weekly");
  await page.getByLabel("On", { exact: true }).selectOption("1");
  await page.getByLabel("At", { exact: true }).fill("06:00");
  await expect(words).toContainText("Every Monday at 06:00, your time (Asia/Tokyo).");
  await expect(words).toContainText("Saved as the cron 0 21 * * 0 in UTC");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect.poll(() => cronOf(request, c.id)).toBe("0 21 * * 0");
  await page.reload();
  await expect(runs).toHaveValue("weekly");
  await expect(page.getByLabel("On", { exact: true })).toHaveValue("1");
  await expect(page.getByLabel("At", { exact: true })).toHaveValue("06:00");
  await page.getByTestId("schedule-words").scrollIntoViewIfNeeded();
  await shootBoth(page, "campaign-schedule-picker");

  await runs.selectOption("hours");
  await page.getByLabel("Every", { exact: true }).selectOption("6");
  await page.getByLabel("First run of the day").fill("03:00");
  await expect(words).toContainText("Every 6 hours, at 03:00, 09:00, 15:00 and 21:00, your time (Asia/Tokyo).");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect.poll(() => cronOf(request, c.id)).toBe("0 */6 * * *");

  // The raw cron, in UTC, is the custom choice; a wrong one is refused beside it.
  await runs.selectOption("custom");
  const cron = page.getByLabel("Cron (UTC)");
  await expect(cron).toHaveValue("0 */6 * * *");
  await cron.fill("61 * * * *");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#edit-campaign-schedule-cron-error")).toHaveText("Not a valid cron expression.");
  await cron.fill("*/30 * * * *");
  await expect(words).toContainText("Every 30 minutes, in UTC.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect.poll(() => cronOf(request, c.id)).toBe("*/30 * * * *");

  await runs.selectOption("none");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect.poll(() => cronOf(request, c.id)).toBeNull();
  await expect(page.getByText("This campaign runs only when you press Run now.")).toBeVisible();
});

test("Generate preview is held back with the reason when the campaign's runner cannot run, as Run now is", async ({ page, request }) => {
  expect((await request.post("/api/runners")).status()).toBe(200);
  const { runners } = (await (await request.get("/api/runners")).json()) as { runners: { slug: string; available: boolean; spec: unknown }[] };
  const missing = runners.find((r) => r.spec !== null && !r.available);
  expect(missing, "a local runner that is not installed here").toBeTruthy();
  const u = uid();
  const p = await project(request, `Held back ${u}`);
  const blocked = await campaign(request, { projectId: p.id, name: `Held back ${u}`, runner: missing!.slug, config: PROFILE });
  await page.goto(`/campaigns/${blocked.id}?tab=tuning`);
  const generate = page.getByRole("button", { name: "Generate preview" });
  await expect(generate).toBeDisabled();
  const reason = page.getByTestId("generate-preview-blocked");
  await expect(reason).toContainText("is not available");
  await expect(generate).toHaveAccessibleDescription(await reason.innerText());
  await shootBoth(page, "campaign-tuning-blocked");

  const ready = await campaign(request, { projectId: p.id, name: `Ready ${u}`, runner: FAKE_AGENT_SLUG, config: PROFILE });
  await page.goto(`/campaigns/${ready.id}?tab=tuning`);
  await expect(page.getByRole("button", { name: "Generate preview" })).toBeEnabled();
  await expect(page.getByTestId("generate-preview-blocked")).toHaveCount(0);
});
