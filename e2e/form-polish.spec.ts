// Forms a new customer meets first: sign-up flags every empty field at once (not one per attempt), and the project
// form's "Branch or tag" label stays on one line in its column at every width.
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { shoot } from "./helpers";
import { E2E_ARTIFACTS } from "../playwright.config";

/** How many lines an element's text takes. */
async function lines(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const lineHeight = parseFloat(getComputedStyle(node).lineHeight);
    return Math.round(node.getBoundingClientRect().height / lineHeight);
  });
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("sign-up with nothing filled in flags every field that needs something, at once", async ({ page }) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/signup");
      await page.getByRole("button", { name: "Create account" }).click();
      const flagged = {
        "Organization name": "Enter your organization's name.",
        Username: "Choose a username, or enter your email address.",
        "Password": "Choose a password of at least 10 characters.",
        "Confirm password": "Enter the password again.",
      };
      for (const [label, message] of Object.entries(flagged)) {
        const field = page.getByLabel(label, { exact: label === "Password" });
        await expect(field, label).toHaveAttribute("aria-invalid", "true");
        await expect(page.locator(`#${await field.getAttribute("id")}-error`), label).toHaveText(message);
      }
      // Nothing was sent: the page is still the form.
      await expect(page).toHaveURL(/\/signup$/);
      // As it is (a reload would clear the flags): both themes applied in place.
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((t) => {
          localStorage.setItem("theme", t);
          (window as unknown as { __applyTheme?: () => void }).__applyTheme?.();
        }, theme);
        await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/signup-empty-${width}-${theme}.png`, fullPage: true, animations: "disabled" });
      }
      await page.evaluate(() => localStorage.setItem("theme", "light"));
      // One filled field loses its flag on the next try; the others keep theirs.
      await page.getByLabel("Organization name").fill("Acme");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByLabel("Organization name")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    }
  });
});

test("the project form's Branch or tag label stays on one line beside the repository URL", async ({ page }) => {
  for (const width of [1440, 1024, 768, 640, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/projects#new-project");
    const form = page.locator("#new-project");
    await form.getByRole("radio", { name: "Git repository" }).check();
    const label = form.locator("label", { hasText: "Branch or tag" });
    await expect(label).toBeVisible();
    expect(await lines(label), `at ${width} px`).toBe(1);
    expect(await lines(form.locator("label", { hasText: "Repository URL" })), `at ${width} px`).toBe(1);
    // The label fits its column: nothing of it is cut off or spills past the field.
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), `at ${width} px`).toBe(true);
    if (width === 1440 || width === 390) {
      // The radio choice is client state: the shots keep it by screenshotting the card as it is, in both themes.
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((t) => {
          localStorage.setItem("theme", t);
          (window as unknown as { __applyTheme?: () => void }).__applyTheme?.();
        }, theme);
        await form.screenshot({ path: `${E2E_ARTIFACTS}/screens/project-form-branch-${width}-${theme}.png`, animations: "disabled" });
      }
      await page.evaluate(() => localStorage.setItem("theme", "light"));
    }
  }
});

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("dates on a page move to the viewer's zone, and Settings > Account sets the zone of the mails", async ({ page }) => {
    // A date standing alone (the member list's Joined) reads in the browser's zone, its exact time in its title.
    await page.goto("/settings/members");
    const joined = page.getByRole("table").locator("time").first();
    await expect(joined).toHaveAttribute("title", /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} GMT\+9$/);

    await page.goto("/settings/account");
    const card = page.locator("section", { hasText: "Time zone for mails" });
    const select = page.getByLabel("Time zone for mails");
    await expect(select).toHaveValue("UTC");
    await page.getByRole("button", { name: "Use this browser's (Asia/Tokyo)" }).click();
    await expect(page.getByText("Mails now give times in Asia/Tokyo.")).toBeVisible();
    await expect(select).toHaveValue("Asia/Tokyo");
    await page.reload();
    await expect(page.getByLabel("Time zone for mails")).toHaveValue("Asia/Tokyo");
    await expect(page.getByRole("button", { name: /Use this browser's/ })).toHaveCount(0);
    await expect(card).toBeVisible();
    await shoot(page, "settings-account-time-zone");
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, "settings-account-time-zone-390");
    // Back to UTC, as the other specs expect of the shared owner.
    await page.getByLabel("Time zone for mails").selectOption("UTC");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Mails now give times in UTC.")).toBeVisible();
  });
});
