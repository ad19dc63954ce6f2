// Campaign tuning in the browser: Generate preview runs the campaign-skill-generator (the scripted fake agent) without
// touching the campaign, the diff appears when the run finishes, Adopt copies the profile and activates the campaign;
// Generate profile from the readiness banner writes the profile directly, and a second click while it runs only
// raises a toast.
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { scriptOrgPlaybook, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_ARTIFACTS } from "../playwright.config";

const OLD = { audience: "Freelancers who bill by the hour", communities: ["freelance"], tone: "Friendly", offer: "A free time tracker", rules: [], maxDraftsPerRun: 3 };
const NEW = {
  audience: "Freelancers who bill by the hour and are unhappy with their tracker",
  communities: ["freelance", "productivity"],
  tone: "Plain, first person, no exclamation marks",
  offer: "A free time tracker",
  rules: ["Say you work on the tracker in the first sentence"],
  maxDraftsPerRun: 6,
};

async function campaignWith(request: APIRequestContext, config: object) {
  const u = uid();
  const project = (await (await request.post("/api/projects", { data: { name: `Tuning ${u}` } })).json()) as { id: number };
  expect((await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `sender_${u}` } })).status()).toBe(201);
  const res = await request.post("/api/campaigns", { data: { projectId: project.id, name: `Tuned ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG, config } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

test("tuning: preview, diff, adopt", async ({ page }) => {
  test.setTimeout(60_000);
  const campaign = await campaignWith(page.request, OLD);
  await scriptOrgPlaybook(campaign.id, "campaign-skill-generator", {
    steps: [{ tool: "skill_generate_start" }, { sleep: 1500 }, { tool: "skill_generate_finish", args: { config: NEW } }],
  });

  await page.goto(`/campaigns/${campaign.id}?tab=tuning`);
  await expect(page.getByText("No preview to review")).toBeVisible();
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await page.getByRole("button", { name: "Generate preview" }).click();
  await expect(page.getByText("Generating a profile preview…")).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate preview" })).toBeDisabled();

  // run:finished re-renders the tab with the diff.
  const diff = page.getByLabel("Profile diff");
  await expect(diff).toBeVisible({ timeout: 20_000 });
  await expect(diff.locator('[data-diff="removed"]', { hasText: '"tone": "Friendly"' })).toBeVisible();
  await expect(diff.locator('[data-diff="added"]', { hasText: '"tone": "Plain, first person, no exclamation marks"' })).toBeVisible();
  await expect(diff.locator('[data-diff="added"]', { hasText: '"productivity"' })).toBeVisible();
  // The same changes in words, field by field, above the JSON lines.
  const changes = page.getByRole("list", { name: "What changes" });
  await expect(changes.getByRole("listitem").filter({ hasText: "Tone" })).toContainText("Friendly");
  await expect(changes.getByRole("listitem").filter({ hasText: "Tone" })).toContainText("Plain, first person, no exclamation marks");
  await expect(changes.getByRole("listitem").filter({ hasText: "Communities" })).toContainText("Added: productivity");
  await expect(changes.getByRole("listitem").filter({ hasText: "Drafts per run" })).toContainText("6");
  await expect(page.getByText("Awaiting decision").first()).toBeVisible();
  // Nothing changed yet.
  const before = (await (await page.request.get(`/api/campaigns/${campaign.id}`)).json()) as { config: object; state: string };
  expect(before).toMatchObject({ config: OLD, state: "draft" });
  await shoot(page, "campaign-tuning-diff");

  await page.getByRole("button", { name: "Adopt" }).click();
  await expect(page.getByText("Adopted").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Adopt" })).toHaveCount(0);
  const after = (await (await page.request.get(`/api/campaigns/${campaign.id}`)).json()) as { config: object; state: string };
  expect(after).toMatchObject({ config: NEW, state: "active" });

  // History keeps the run; View diff brings its diff back.
  await page.goto(`/campaigns/${campaign.id}?tab=tuning`);
  await expect(page.getByLabel("Profile diff")).toHaveCount(0);
  const history = page.getByRole("table", { name: "Profile generations" });
  await expect(history.getByText("Adopted")).toBeVisible();
  await history.getByRole("link", { name: "View diff" }).click();
  await expect(page.getByLabel("Profile diff").locator('[data-diff="removed"]', { hasText: '"tone": "Friendly"' })).toBeVisible();
  await shoot(page, "campaign-tuning-history");
});

test("Generate profile writes the profile directly; while it runs a second click only raises a toast", async ({ page }) => {
  test.setTimeout(60_000);
  const campaign = await campaignWith(page.request, {});
  await scriptOrgPlaybook(campaign.id, "campaign-skill-generator", {
    steps: [{ tool: "skill_generate_start" }, { sleep: 2500 }, { tool: "skill_generate_finish", args: { config: NEW } }],
  });
  await page.goto(`/campaigns/${campaign.id}`);
  const banner = page.locator('[data-readiness="profile_missing"]');
  await expect(banner).toBeVisible();
  await shoot(page, "campaign-profile-missing");
  await banner.getByRole("button", { name: "Generate profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate the campaign profile" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/campaign-generate-profile-dialog-light.png` });
  await dialog.getByRole("button", { name: "Generate profile" }).click();
  await expect(page.getByText("Generating campaign profile")).toBeVisible();

  // The Profile card's Regenerate, clicked while the generation runs, raises a toast and opens no dialog.
  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "already being generated" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await expect(page.getByText("Generating campaign profile")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-readiness="profile_missing"]')).toHaveCount(0);
  // The profile reads back as fields, and the edit form (untouched) follows the written profile.
  const profile = page.getByTestId("profile-view");
  await expect(profile).toContainText(NEW.audience);
  await expect(profile.getByRole("list", { name: "Communities" }).getByRole("listitem")).toHaveText(NEW.communities);
  await expect(page.locator("#edit-campaign-profile-audience")).toHaveValue(NEW.audience);
  await expect(page.locator("#edit-campaign-profile-maxDraftsPerRun")).toHaveValue("6");
  const after = (await (await page.request.get(`/api/campaigns/${campaign.id}`)).json()) as { config: object; state: string };
  expect(after).toMatchObject({ config: NEW, state: "draft" });
});
