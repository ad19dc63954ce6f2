// Settings → Browser extension against the real server: a pairing code generated in the browser pairs a device over
// the public pair route, the device's sync report (chat refused) shows as its liveness and raises the chat-sync
// banner on the Inbox and People pages, and Revoke (confirmed in a dialog) turns the token off and clears the banner. A private
// message synced over real HTTP becomes a conversation whose page shows the banner while chat is refused.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import pg from "pg";
import yauzl from "yauzl";
import { cli, created, databaseUrl, scriptOrgPlaybook, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_ARTIFACTS } from "../playwright.config";

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
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(shown).toContainText("It will not be shown again");
  // The code exists only until the page reloads, so this state is captured once, as it is.
  await card.screenshot({ path: `${E2E_ARTIFACTS}/screens/extension-pairing-code-light.png` });

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
    // One banner once the page has settled (a streamed render can briefly hold a second, hidden copy).
    await expect(banner).toHaveCount(1);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Chat sync is paused");
    await expect(banner).toContainText(name);
    await expect(banner.getByRole("link", { name: "Open the platform" })).toHaveAttribute("href", /^https?:\/\//);
    await shoot(page, `extension-banner${path.replace("/", "-")}`);
  }

  await page.goto("/settings");
  const revoke = extensionCard(page).getByRole("row").filter({ hasText: name }).getByRole("button", { name: `Revoke ${name}` });
  await revoke.click();
  await page.getByRole("dialog", { name: `Revoke ${name}?` }).getByRole("button", { name: "Revoke" }).click();
  await expect(extensionCard(page).getByRole("row").filter({ hasText: name })).toContainText("Revoked");
  expect((await request.post("/api/extension/handshake", { headers: auth })).status()).toBe(401);

  await page.goto("/people");
  await expect(page.getByRole("heading", { name: "People" })).toBeVisible();
  await expect(page.getByTestId("chat-sync-banner")).toHaveCount(0);
});

test("a synced reply opens its conversation; the banner shows there while chat is refused", async ({ page, request }) => {
  const u = uid();
  const target = `gina_${u}`;
  const sender = `sender_${u}`;
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Extension ${u}` } }));
  const account = await created<{ id: number }>(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: sender } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Scout ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG } }),
  );
  await scriptOrgPlaybook(campaign.id, "reply-drafter", {
    steps: [{ tool: "reply_draft_start" }, { tool: "reply_draft_finish", args: { body: "Sure, here is the config we use.", qualityScore: 70 } }],
  });
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const orgId = (await db.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [campaign.id])).rows[0]!.organization_id;
  await db.end();
  const file = path.join(os.tmpdir(), `ext-draft-${u}.json`);
  fs.writeFileSync(file, JSON.stringify([{ kind: "dm", accountId: account.id, targetUser: target, body: "Hi Gina, saw your CI post.", qualityScore: 80 }]));
  const out = JSON.parse(cli(["drafts:create", "--campaign", String(campaign.id), "--file", file, "--org", String(orgId)])) as { created: { id: number }[] };
  fs.rmSync(file, { force: true });
  const draftId = out.created[0]!.id;
  expect((await request.patch(`/api/drafts/${draftId}`, { data: { state: "sent" } })).status()).toBe(200);

  // One-click pairing as the extension's injected script does it: the dashboard session mints the token.
  const device = await created<{ token: string; deviceName: string }>(await request.post("/api/extension/auto-pair", { data: { name: `Tab ${u}` } }));
  const auth = { authorization: `Bearer ${device.token}` };
  const item = { id: `t4_${u}`, author: target, dest: sender, body: "Thanks! Which retry settings do you use?", created_utc: Date.now() / 1000, first_message_name: null };
  const sync = await request.post("/api/extension/dm-sync", {
    headers: auth,
    data: { platform: "forum", items: [item], comments: [], status: { chat: "unauthorized", legacy: "ok", captured_at: new Date().toISOString() } },
  });
  expect(sync.status(), await sync.text()).toBe(200);
  const answer = (await sync.json()) as { matched: Array<{ draftId: number; threadId: number }>; unmatched: number };
  expect(answer.matched).toEqual([expect.objectContaining({ draftId, threadId: expect.any(Number) })]);

  await page.goto(`/conversations/${answer.matched[0]!.threadId}`);
  await expect(page.getByText("Thanks! Which retry settings do you use?")).toBeVisible();
  await expect(page.getByTestId("chat-sync-banner")).toHaveCount(1);
  await expect(page.getByTestId("chat-sync-banner")).toContainText(`Tab ${u}`);
  await expect(page.getByText("Sure, here is the config we use.")).toBeVisible();
  await shoot(page, "extension-banner-conversation");

  // The next heartbeat says chat works again: the banner goes.
  const ok = await request.post("/api/extension/dm-sync", {
    headers: auth,
    data: { platform: "forum", items: [], comments: [], status: { chat: "ok", legacy: "ok", captured_at: new Date().toISOString() } },
  });
  expect(ok.status()).toBe(200);
  await page.reload();
  await expect(page.getByText("Thanks! Which retry settings do you use?")).toBeVisible();
  await expect(page.getByTestId("chat-sync-banner")).toHaveCount(0);
});

test("the extension is offered from Settings: a zip of this server's build with the steps to install it", async ({ page }) => {
  await page.goto("/settings#browser-extension");
  const card = extensionCard(page);
  const install = card.getByRole("region", { name: "Install in Chrome, Edge or another Chromium browser" });
  await expect(install).toContainText("Load unpacked");
  await expect(install).toContainText("Pair with this tab");
  const [download] = await Promise.all([page.waitForEvent("download"), install.getByRole("link", { name: "Download the extension" }).click()]);
  const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
  expect(download.suggestedFilename()).toBe(`outreach-extension-${version}.zip`);
  const file = path.join(os.tmpdir(), `ext-${uid()}.zip`);
  await download.saveAs(file);
  const names = await zipEntryNames(file);
  fs.rmSync(file, { force: true });
  for (const f of ["manifest.json", "background.js", "platform.js", "sidepanel.html", "sidepanel.js"]) expect(names).toContain(`outreach-extension/${f}`);
  await install.scrollIntoViewIfNeeded();
  await shoot(page, "extension-install");
});

/** The entries of a zip, read with yauzl. */
function zipEntryNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on("entry", (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}
