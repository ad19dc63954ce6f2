// Unsaved edits (a playbook, a campaign's settings) are not dropped silently: a link inside the app (a client-side
// navigation, which fires no beforeunload) asks in a dialog first, Stay keeps the text, Leave goes; once saved nothing
// asks; and closing or reloading the tab with unsaved edits gets the browser's beforeunload prompt.
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { E2E_ARTIFACTS } from "../playwright.config";

async function createPlaybook(page: Page) {
  const u = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await page.request.post("/api/playbooks", { data: { title: `Unsaved ${u}`, slug: `unsaved-${u}`, body: "# Original\n\nThe saved text.\n" } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; title: string };
}

const sidebarLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: new RegExp(`^${name}(\\s|$)`) });

test("a sidebar link with unsaved edits asks first: Stay keeps the text, Leave goes, a saved playbook leaves freely", async ({ page }) => {
  const playbook = await createPlaybook(page);
  const url = new RegExp(`/playbooks/${playbook.id}$`);
  await page.goto(`/playbooks/${playbook.id}`);
  const source = page.getByLabel("Markdown");
  const edited = "# Edited\n\nNot saved yet.\n";
  await source.fill(edited);
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // The sidebar's Campaigns link is a client-side navigation: the dialog holds it.
  await sidebarLink(page, "Campaigns").click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Your edits to ${playbook.title} are not saved.`);
  await expect(page).toHaveURL(url);
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/playbook-unsaved-dialog-light.png` });

  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(url);
  await expect(source).toHaveValue(edited);

  // The breadcrumb asks too, and Escape is Stay.
  await page.locator("main").getByRole("link", { name: "Playbooks", exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(url);
  await expect(source).toHaveValue(edited);

  // Leave goes where the link pointed, and nothing was saved.
  await sidebarLink(page, "Campaigns").click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  expect(((await (await page.request.get(`/api/playbooks/${playbook.id}`)).json()) as { body: string }).body).toBe("# Original\n\nThe saved text.\n");

  // Saved edits leave without a question.
  await page.goto(`/playbooks/${playbook.id}`);
  await source.fill(edited);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await sidebarLink(page, "Inbox").click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(dialog).toHaveCount(0);
});

test("the dialog in dark", async ({ page }) => {
  const playbook = await createPlaybook(page);
  await page.goto(`/playbooks/${playbook.id}`);
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await page.getByLabel("Markdown").fill("# Edited in the dark\n");
  await sidebarLink(page, "Projects").click();
  await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toBeVisible();
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/playbook-unsaved-dialog-dark.png` });
  await page.keyboard.press("Escape");
  await page.evaluate(() => localStorage.setItem("theme", "light"));
});

test("reloading with unsaved edits gets the browser's beforeunload prompt; after saving it does not", async ({ page }) => {
  const playbook = await createPlaybook(page);
  await page.goto(`/playbooks/${playbook.id}`);
  const prompts: string[] = [];
  page.on("dialog", (d) => {
    prompts.push(d.type());
    void d.accept();
  });

  // A reload with nothing edited asks nothing.
  await page.reload();
  expect(prompts).toEqual([]);

  await page.getByLabel("Markdown").fill("# Edited\n\nAbout to be reloaded away.\n");
  await page.reload();
  expect(prompts).toEqual(["beforeunload"]);
  // Accepted, the reload went ahead and the edit is gone.
  await expect(page.getByLabel("Markdown")).toHaveValue("# Original\n\nThe saved text.\n");

  await page.getByLabel("Markdown").fill("# Saved this time\n");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.reload();
  expect(prompts).toEqual(["beforeunload"]);
});

test("the campaign form asks too before a link drops its edits, and not once they are saved", async ({ page }) => {
  const u = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const project = (await (await page.request.post("/api/projects", { data: { name: `Unsaved ${u}` } })).json()) as { id: number };
  const res = await page.request.post("/api/campaigns", { data: { projectId: project.id, name: `Edit me ${u}`, platform: "forum", skill: "forum-scout" } });
  expect(res.status(), await res.text()).toBe(201);
  const campaign = (await res.json()) as { id: number };
  const url = new RegExp(`/campaigns/${campaign.id}$`);
  await page.goto(`/campaigns/${campaign.id}`);

  await page.locator("#edit-campaign-name").fill(`Renamed ${u}`);
  await sidebarLink(page, "Inbox").click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toContainText("Your changes to this campaign are not saved.");
  await expect(page).toHaveURL(url);
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.locator("#edit-campaign-name")).toHaveValue(`Renamed ${u}`);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await sidebarLink(page, "Inbox").click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(dialog).toHaveCount(0);
  expect(((await (await page.request.get(`/api/campaigns/${campaign.id}`)).json()) as { name: string }).name).toBe(`Renamed ${u}`);
});
