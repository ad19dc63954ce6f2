// The command palette (Ctrl+K, Cmd+K on a Mac): jump to a page, a campaign, a project or a draft by name, and the
// common actions (New campaign, Run now on a campaign, the inbox on a tab), all from the keyboard.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { cli, created, databaseUrl, pressBeforeLateClose, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_ARTIFACTS } from "../playwright.config";

async function seed(request: APIRequestContext) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Lighthouse ${u}` } }));
  const account = await created<{ id: number }>(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `lh_${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Harbour launch ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG } }),
  );
  const file = path.join(os.tmpdir(), `palette-drafts-${u}.json`);
  fs.writeFileSync(file, JSON.stringify([{ kind: "dm", accountId: account.id, targetUser: `quinn_${u}`, body: "Hello Quinn.", qualityScore: 70 }]));
  const out = JSON.parse(cli(["drafts:create", "--campaign", String(campaign.id), "--file", file])) as { created: { id: number }[] };
  fs.rmSync(file, { force: true });
  return { u, projectId: project.id, campaignId: campaign.id, draftId: out.created[0]!.id };
}

async function openPalette(page: Page) {
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole("combobox")).toBeFocused();
  return palette;
}

test("Ctrl+K jumps to pages, campaigns, projects and drafts by name", async ({ page, request }) => {
  const s = await seed(request);
  await page.goto("/");
  await page.waitForLoadState("networkidle");

  // A page, from the keyboard alone: the first match is selected, Enter opens it.
  let palette = await openPalette(page);
  await page.keyboard.type("audit");
  await expect(palette.getByRole("option").first()).toHaveText("Audit");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/audit$/);
  await expect(palette).toBeHidden();

  // A campaign by part of its name, whatever the case.
  palette = await openPalette(page);
  await page.keyboard.type(`harbour LAUNCH ${s.u}`);
  await palette.getByRole("option", { name: new RegExp(`^Harbour launch ${s.u}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${s.campaignId}$`));

  // A project.
  palette = await openPalette(page);
  await page.keyboard.type(`lighthouse ${s.u}`);
  await palette.getByRole("option", { name: `Lighthouse ${s.u}` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${s.projectId}$`));

  // A draft by its recipient, opened alone in the inbox.
  palette = await openPalette(page);
  await page.keyboard.type(`quinn_${s.u}`);
  await palette.getByRole("option", { name: new RegExp(`Draft #${s.draftId} to quinn_${s.u}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?ids=${s.draftId}&state=all$`));

  // Nothing found says so; Escape closes; Ctrl+K twice toggles.
  palette = await openPalette(page);
  await page.keyboard.type(`zz-nothing-${s.u}`);
  await expect(palette).toContainText(`Nothing matches “zz-nothing-${s.u}”`);
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  await openPalette(page);
  await page.keyboard.press("Control+k");
  await expect(palette).toBeHidden();

  // Closed as Escape closes it, then Ctrl+K before the dialog's own late `close` event: it opens, and stays open
  // once that event has come (or a second has passed without it).
  await openPalette(page);
  await pressBeforeLateClose(page, "dialog[aria-label='Command palette']", { key: "k", ctrlKey: true });
  await expect(palette).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
});

test("the palette's actions: New campaign, the inbox on a tab or a campaign, Run now", async ({ page, request }) => {
  const s = await seed(request);
  await page.goto("/campaigns");
  await page.waitForLoadState("networkidle");

  let palette = await openPalette(page);
  await page.keyboard.type("new campaign");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/campaigns\/new$/);

  palette = await openPalette(page);
  await page.keyboard.type("approved");
  await palette.getByRole("option", { name: "Inbox: approved" }).click();
  await expect(page).toHaveURL(/\/inbox\?state=approved$/);

  palette = await openPalette(page);
  await page.keyboard.type(`harbour launch ${s.u}`);
  await palette.getByRole("option", { name: `Inbox of Harbour launch ${s.u}` }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?campaign=${s.campaignId}$`));

  // The sidebar's button opens it too (for those who do not know the shortcut); Run now starts a run.
  await page.getByRole("button", { name: /Search or jump to/ }).click();
  palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toBeVisible();
  await page.keyboard.type(`harbour launch ${s.u}`);
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      (window as unknown as { __applyTheme: () => void }).__applyTheme();
    }, theme);
    await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/command-palette-${theme}.png` });
  }
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    (window as unknown as { __applyTheme: () => void }).__applyTheme();
  });
  await palette.getByRole("option", { name: `Run now: Harbour launch ${s.u}` }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${s.campaignId}$`));
  const sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
  try {
    await expect
      .poll(async () => (await sql.query("SELECT count(*)::int AS n FROM runs WHERE campaign_id = $1 AND trigger = 'manual'", [s.campaignId])).rows[0].n)
      .toBe(1);
  } finally {
    await sql.end();
  }
});

test("the palette on a phone", async ({ page, request }) => {
  const s = await seed(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const palette = await openPalette(page);
  await page.keyboard.type(`harbour launch ${s.u}`);
  await expect(palette.getByRole("option", { name: new RegExp(`^Harbour launch ${s.u}`) })).toBeVisible();
  const box = (await palette.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/command-palette-390-light.png` });
});
