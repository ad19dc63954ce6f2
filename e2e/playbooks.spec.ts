// Playbooks through the pages: the built-ins are listed and read-only, a duplicate is edited beside its live preview
// and saved, a new playbook is created and deleted, and a campaign is pointed at the copy.
import { expect, test } from "./fixtures/hydration";
import { shoot } from "./helpers";

test("list, open a built-in read-only, duplicate it, edit with the preview and save", async ({ page }) => {
  await page.goto("/playbooks");
  const builtins = page.getByRole("table", { name: "Built-in playbooks" });
  await expect(builtins.getByRole("row")).toHaveCount(13); // the header and the 12 built-ins
  for (const slug of ["forum-scout", "federated-commenter", "draft-regenerator", "campaign-skill-generator", "followup-drafter"]) {
    await expect(builtins.getByText(slug, { exact: true })).toBeVisible();
  }
  await expect(builtins.getByText("Built-in", { exact: true })).toHaveCount(12);
  await shoot(page, "playbooks");

  // A built-in opens read-only: source and preview, no Save, a Duplicate to edit button.
  await builtins.getByRole("link", { name: "Forum scout" }).click();
  await expect(page).toHaveURL(/\/playbooks\/\d+$/);
  const builtinUrl = page.url();
  await expect(page.getByRole("heading", { name: /Forum scout/ }).first()).toBeVisible();
  await expect(page.getByText("Built-in playbooks are read-only")).toBeVisible();
  const source = page.getByLabel("Markdown");
  await expect(source).toHaveJSProperty("readOnly", true);
  await expect(source).toHaveValue(/mcp__outreach__run_start/);
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Steps" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await shoot(page, "playbook-builtin");

  // Duplicate to edit: an editable copy opens.
  await page.getByRole("button", { name: /Duplicate to edit/ }).click();
  await expect(page).not.toHaveURL(builtinUrl);
  await expect(page).toHaveURL(/\/playbooks\/\d+$/);
  await expect(page.getByLabel("Title")).toHaveValue("Forum scout (copy)");
  await expect(page.getByLabel("Slug")).toHaveValue(/^forum-scout-copy/);
  const copyUrl = page.url();

  // Edit: the preview follows as you type, the page says there are unsaved changes, Save stores it.
  const body = "# Careful scout\n\nOnly people who **asked** for a backup tool.\n\n- Read `run_start`\n- Draft at most three\n";
  await page.getByLabel("Markdown").fill(body);
  await expect(preview.getByRole("heading", { name: "Careful scout" })).toBeVisible();
  await expect(preview.getByText("Draft at most three")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByLabel("Title").fill("Careful scout");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel("Markdown")).toHaveValue(body);
  await expect(page.getByRole("heading", { name: "Careful scout" }).first()).toBeVisible();
  await shoot(page, "playbook-editor");

  // The built-in is unchanged, and the copy is listed among the organization's own.
  const builtinBody = await (await page.request.get(`/api/playbooks/${builtinUrl.split("/").pop()}`)).json();
  expect(builtinBody.body).toContain("# Forum scout");
  await page.goto("/playbooks");
  const own = page.getByRole("table", { name: "Your playbooks" });
  await expect(own.getByRole("link", { name: "Careful scout" })).toBeVisible();
  expect(copyUrl).toContain("/playbooks/");
});

test("a new playbook: a taken slug is refused, then it is created and deleted", async ({ page }) => {
  await page.goto("/playbooks");
  await page.getByRole("button", { name: "New playbook" }).click();
  const form = page.getByRole("form", { name: "New playbook" });
  await form.getByLabel("Title").fill("Weekly poster");
  await expect(form.getByLabel("Slug")).toHaveValue("weekly-poster");
  await form.getByLabel("Slug").fill("forum-scout");
  await form.getByRole("button", { name: "Create playbook" }).click();
  await expect(form.getByRole("alert")).toContainText('"forum-scout" already exists');

  await form.getByLabel("Slug").fill(`weekly-poster-${Date.now().toString(36)}`);
  await form.getByRole("button", { name: "Create playbook" }).click();
  await expect(page).toHaveURL(/\/playbooks\/\d+$/);
  await expect(page.getByLabel("Title")).toHaveValue("Weekly poster");
  await expect(page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "My playbook" })).toBeVisible();
  await shoot(page, "playbook-new");

  await page.getByRole("button", { name: "Delete playbook Weekly poster" }).click();
  await page.getByRole("dialog", { name: "Delete playbook Weekly poster?" }).getByRole("button", { name: "Delete playbook" }).click();
  await expect(page).toHaveURL(/\/playbooks$/);
  await expect(page.getByRole("table", { name: "Your playbooks" }).getByText("Weekly poster")).toHaveCount(0);
});

test("a campaign runs a playbook of the organization's own once picked on its page", async ({ page }) => {
  const project = await (await page.request.post("/api/projects", { data: { name: `Playbook pick ${Date.now().toString(36)}` } })).json();
  const campaign = await (
    await page.request.post("/api/campaigns", { data: { projectId: project.id, name: "Scout with my playbook", platform: "forum", skill: "forum-scout" } })
  ).json();
  const mine = await (
    await page.request.post("/api/playbooks", { data: { slug: `picked-${Date.now().toString(36)}`, title: "Picked scout", body: "# Picked\n\nSteps." } })
  ).json();

  await page.goto(`/campaigns/${campaign.id}`);
  const select = page.getByLabel("Playbook", { exact: true });
  await expect(select).toBeEnabled();
  await expect(select).toHaveValue("");
  // Named by its title, not its slug.
  await expect(select.locator("option").first()).toHaveText("Built-in: Forum scout");
  await expect(select.locator(`option[value="${mine.id}"]`)).toHaveText("Picked scout");
  await select.selectOption(String(mine.id));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  expect((await (await page.request.get(`/api/campaigns/${campaign.id}`)).json()).playbookId).toBe(mine.id);
  await page.reload();
  await expect(page.getByLabel("Playbook", { exact: true })).toHaveValue(String(mine.id));

  // Back to the built-in.
  await page.getByLabel("Playbook", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  expect((await (await page.request.get(`/api/campaigns/${campaign.id}`)).json()).playbookId).toBeNull();
});
