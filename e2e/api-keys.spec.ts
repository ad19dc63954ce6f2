// API keys from an admin's seat: Settings > API keys makes a read-only key shown once, a script reads drafts with it
// and is refused a write, revoking it ends its access; the API reference at /api/docs lists the operations.
import { expect, test } from "./fixtures/hydration";
import { shoot } from "./helpers";
import { E2E_ARTIFACTS } from "../playwright.config";

test("an admin makes a read-only key, a script reads with it and cannot write, revoking ends it; /api/docs shows the reference", async ({ page, playwright, baseURL }) => {
  const name = `Nightly report ${Date.now().toString(36)}`;
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByRole("region", { name: "API key" }).getByTestId("secret-value").textContent())!.trim();
  expect(key).toMatch(/^oak_[A-Za-z0-9]{8}_/);
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/api-keys-created-light.png`, fullPage: true });
  await page.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("table", { name: "API keys" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Read-only");
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("Never");

  // A script: no cookies, only the key.
  const script = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  try {
    expect((await script.get("/api/drafts?limit=5")).status()).toBe(200);
    const write = await script.post("/api/projects", { data: { name: "From a script" } });
    expect(write.status()).toBe(403);
    expect(((await write.json()) as { message: string }).message).toBe("This API key is read-only");

    await page.reload();
    await expect(row).not.toContainText("Never");
    await shoot(page, "api-keys");
    await row.getByRole("button", { name: `Revoke key ${name}` }).click();
    await page.getByRole("dialog", { name: `Revoke key ${name}?` }).getByRole("button", { name: "Revoke" }).click();
    await expect(row).toContainText("revoked");
    expect((await script.get("/api/drafts?limit=5")).status()).toBe(401);
  } finally {
    await script.dispose();
  }

  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: "Outreach dashboard API" })).toBeVisible();
  await expect(page.getByText("/api/drafts/{id}").first()).toBeVisible();
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/api-docs-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/api-docs-dark.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/api-docs-phone.png` });
});
