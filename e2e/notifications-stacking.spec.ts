// The bell's dropdown opens over everything the page pins: with a draft selected, the inbox's bulk bar (sticky, and
// the bar a reviewer works with most) sits under the dropdown, not on top of it.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { draftRows, seed, uid } from "./inbox-seed";
import { shoot } from "./helpers";
import { E2E_ARTIFACTS } from "../playwright.config";

/** True when the element drawn topmost at (x, y) is `panel` or inside it. */
async function topmostIsInside(page: Page, panel: Locator, x: number, y: number): Promise<boolean> {
  const handle = await panel.elementHandle();
  return page.evaluate(([el, px, py]) => {
    const top = document.elementFromPoint(px as number, py as number);
    return !!top && (el as Element).contains(top);
  }, [handle, x, y] as const);
}

test("the notifications dropdown opens above the inbox's bulk bar", async ({ page }) => {
  const u = uid();
  const names = ["ann", "ben", "cat", "dan", "eli", "fay", "gil", "hua", "ida", "jo"];
  const s = await seed(page.request, names.map((n) => ({ targetUser: `${n}_${u}`, body: `Hello ${n}.` })));
  // A short window, scrolled down: the bulk bar is pinned to the top, level with the bell.
  await page.setViewportSize({ width: 1440, height: 600 });
  await page.goto(`/inbox?campaign=${s.campaign.id}`);
  await expect(draftRows(page)).toHaveCount(names.length);
  await page.getByLabel(`Select draft ${s.created[0]!.id}`).check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar).toContainText("1 selected");
  await page.mouse.wheel(0, 2000);
  await expect.poll(async () => (await bar.boundingBox())?.y ?? 999).toBeLessThan(5);

  await page.getByTestId("notification-bell").click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel).toBeVisible();
  const p = (await panel.boundingBox())!;
  const b = (await bar.boundingBox())!;

  // The dropdown's centre is the dropdown.
  expect(await topmostIsInside(page, panel, p.x + p.width / 2, p.y + p.height / 2)).toBe(true);
  // And where the two overlap, the dropdown is drawn on top.
  const left = Math.max(p.x, b.x);
  const right = Math.min(p.x + p.width, b.x + b.width);
  const top = Math.max(p.y, b.y);
  const bottom = Math.min(p.y + p.height, b.y + b.height);
  expect(right - left, "the dropdown and the bulk bar overlap").toBeGreaterThan(0);
  expect(bottom - top, "the dropdown and the bulk bar overlap").toBeGreaterThan(0);
  expect(await topmostIsInside(page, panel, (left + right) / 2, (top + bottom) / 2)).toBe(true);
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/notifications-over-bulk-bar-light.png` });

  // A click in the dropdown reaches it (the bar does not swallow it): Mark all read is the dropdown's own button.
  await expect(panel.getByRole("button", { name: "Mark all read" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await shoot(page, "inbox-with-selection");
});
