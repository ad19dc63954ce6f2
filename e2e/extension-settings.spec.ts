// Settings → Browser extension against the real server: a pairing code generated in the browser pairs a device over
// the public pair route, the device's sync report (chat refused) shows as its liveness and raises the chat-sync
// banner on the Inbox and People pages, and Revoke (two clicks) turns the token off and clears the banner.
import { expect, test, type Page } from "@playwright/test";
import { shoot } from "./helpers";

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function extensionCard(page: Page) {
  return page.locator("section").filter({ has: page.getByRole("heading", { name: "Browser extension" }) });
}

test("pair with a code, see the device's liveness and the banner, revoke it", async ({ page, request }) => {
  const name = `E2E Chrome ${uid()}`;
  await page.goto("/settings");
  const card = extensionCard(page);
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "extension-settings-before");

  await card.getByRole("button", { name: "Generate pairing code" }).click();
  const shown = card.getByTestId("pairing-code");
  await expect(shown).toBeVisible();
  const code = (await shown.locator("code").textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(shown).toContainText("It will not be shown again");
  // The code exists only until the page reloads, so this state is captured once, as it is.
  await card.screenshot({ path: "e2e/.artifacts/screens/extension-pairing-code-light.png" });

  const paired = await request.post("/api/extension/pair", { data: { code, name } });
  expect(paired.status(), await paired.text()).toBe(201);
  const { token } = (await paired.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  // Single use.
  expect((await request.post("/api/extension/pair", { data: { code } })).status()).toBe(401);

  // The extension's heartbeat: the platform refused the chat token.
  const status = { chat: "unauthorized", legacy: "ok", captured_at: new Date().toISOString() };
  const beat = await request.post("/api/extension/dm-sync", { headers: auth, data: { platform: "forum", items: [], comments: [], status } });
  expect(beat.status(), await beat.text()).toBe(200);

  await page.reload();
  const row = card.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-channel="Chat"]')).toHaveAttribute("data-state", "unauthorized");
  await expect(row.locator('[data-channel="Inbox"]')).toHaveAttribute("data-state", "ok");
  await expect(row).not.toContainText("Never"); // synced and seen just now
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "extension-settings");

  for (const path of ["/inbox", "/people"]) {
    await page.goto(path);
    const banner = page.getByTestId("chat-sync-banner");
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Chat sync is paused");
    await expect(banner).toContainText(name);
    await expect(banner.getByRole("link", { name: "Open the platform" })).toHaveAttribute("href", /^https?:\/\//);
    await shoot(page, `extension-banner${path.replace("/", "-")}`);
  }

  await page.goto("/settings");
  const revoke = extensionCard(page).getByRole("row").filter({ hasText: name }).getByRole("button", { name: `Revoke ${name}` });
  await revoke.click();
  await expect(extensionCard(page).getByRole("row").filter({ hasText: name }).getByRole("button", { name: /Revoke\?/ })).toBeVisible();
  await extensionCard(page).getByRole("row").filter({ hasText: name }).getByRole("button", { name: /Revoke\?/ }).click();
  await expect(extensionCard(page).getByRole("row").filter({ hasText: name })).toContainText("Revoked");
  expect((await request.post("/api/extension/handshake", { headers: auth })).status()).toBe(401);

  await page.goto("/people");
  await expect(page.getByRole("heading", { name: "People" })).toBeVisible();
  await expect(page.getByTestId("chat-sync-banner")).toHaveCount(0);
});
