// The first hour without a mouse (docs/accessibility.md): sign-up, the skip link, the sidebar, the inbox's keys, its
// help dialog (focus trapped, then returned) and the bulk bar, from the Tab key and the keys the inbox documents only.
// At every stop focus must be visible: an outline or a ring, never nothing.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { baseAppEnv, startApp, type AppInstance } from "./server";
import { setUpCustomer, withDb } from "./customer-seed";

let db: FreshDatabase;
let app: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  db = await createFreshDatabase("keyboard");
  app = await startApp({
    port: E2E_PORT + 61,
    logName: "keyboard",
    env: { ...baseAppEnv(), DATABASE_URL: db.url, OUTREACH_AUTH: "on", OUTREACH_EDITION: "cloud", OUTREACH_JOBS: "off" },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await db?.drop();
  await stopEmbeddedTestServer();
});

interface Focused {
  /** What a screen reader would announce first: the accessible name as the page spells it. */
  name: string;
  tag: string;
  visible: boolean;
}

/** The focused element, its name and whether a sighted keyboard user can see that it has focus. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: "", tag: "body", visible: false };
    const labelled = el.getAttribute("aria-labelledby");
    const byLabel = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const name = (el.getAttribute("aria-label") ?? (labelled ? document.getElementById(labelled)?.textContent : null) ?? byLabel ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    return { name, tag: el.tagName.toLowerCase(), visible: outline || ring };
  });
}

/** Presses Tab until focus lands on a control whose name matches, checking each stop shows its focus. */
async function tabTo(page: Page, name: RegExp, { max = 40, back = false } = {}): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    stops.push(now);
    expect(now.visible, `focus is visible on ${now.tag} "${now.name}"`).toBe(true);
    if (name.test(now.name)) return stops;
  }
  throw new Error(`Tab never reached ${name}: ${stops.map((s) => `${s.tag} "${s.name}"`).join(", ")}`);
}

test("a keyboard alone goes from sign-up to an approved draft, focus always visible, dialogs trapping and returning it", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: app.base, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();

  // Sign-up: the first field has focus, each next one is a Tab away, Enter sends the form.
  await page.goto("/signup");
  expect((await focused(page)).name).toMatch(/Organization name/);
  await page.keyboard.type("Quiet Keys");
  await tabTo(page, /^Email/, { max: 3 });
  await page.keyboard.type("kim@example.com");
  await tabTo(page, /^Username/, { max: 3 });
  await tabTo(page, /^Password/, { max: 3 });
  await page.keyboard.type("kim-password-123");
  const afterPassword = await focused(page);
  await page.keyboard.press("Tab");
  if (/Confirm|again/i.test((await focused(page)).name)) await page.keyboard.type("kim-password-123");
  else await page.keyboard.press("Shift+Tab");
  expect(afterPassword.tag).toBe("input");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/");

  // A draft for this customer, as an agent run would leave it.
  const s = await setUpCustomer(page);
  const draftIds = await withDb(db.url, async (pg) =>
    (
      await pg.query<{ id: number }>(
        `INSERT INTO drafts (organization_id, project_id, campaign_id, account_id, account_handle, platform, kind, state, target_user, body, quality_score, updated_at)
         SELECT $1, $2, $3, $4, 'quiet_keys', 'forum', 'dm', 'pending_review', t, 'Hello ' || t || ', your thread on hand tools was useful.', 72, now()
         FROM unnest(ARRAY['ana_w', 'ben_k']) AS t RETURNING id`,
        [s.orgId, s.projectId, s.campaignId, s.accountId],
      )
    ).rows.map((r) => r.id),
  );

  // The skip link is the first stop on a dashboard page and takes focus past the sidebar.
  await page.goto("/");
  await page.keyboard.press("Tab");
  expect(await focused(page)).toMatchObject({ name: "Skip to main content", visible: true });
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

  // The sidebar's Inbox link, from the top of the page.
  await page.goto("/");
  await tabTo(page, /^Inbox/);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/inbox/);
  await expect(page.locator("tr[data-draft-id]")).toHaveCount(2);

  // The help dialog, from its button: Tab stays inside it, Escape closes it and focus goes back to the button.
  await tabTo(page, /^Keyboard shortcuts/, { max: 60 });
  await page.keyboard.press("Enter");
  const help = page.getByRole("dialog");
  await expect(help).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  expect((await focused(page)).name).toMatch(/^Keyboard shortcuts/);

  // `j` puts the first draft in focus (marked for the eye and for a screen reader), `a` approves it.
  await page.keyboard.press("j");
  const current = page.locator("tr[data-draft-id][aria-current=true]");
  await expect(current).toHaveCount(1);
  const focusedDraft = Number(await current.getAttribute("data-draft-id"));
  expect(draftIds).toContain(focusedDraft);
  await page.keyboard.press("a");
  await expect
    .poll(async () => withDb(db.url, async (pg) => (await pg.query<{ state: string }>(`SELECT state FROM drafts WHERE id = $1`, [focusedDraft])).rows[0]!.state))
    .toBe("approved");

  // The bulk bar without a mouse: `x` selects the draft in focus, its actions are a Tab away.
  await page.keyboard.press("j");
  await page.keyboard.press("x");
  await expect(page.getByTestId("bulk-selected")).toHaveText("1 selected");
  await tabTo(page, /Reject selected/, { max: 60 });
  await context.close();
});
