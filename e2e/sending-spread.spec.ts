// Sending spread over accounts as a person sees it (docs/sending-limits.md "Spread over accounts"): on the campaign
// page, choose the accounts it sends from; each then shows its room today and its health, and a draft made without an
// account goes, when it is marked sent, from the account with the most room, whose room drops by one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures/hydration";
import { cli, created, shoot, uid } from "./helpers";

test("a campaign sends from the accounts chosen on its page; each shows its room today and health", async ({ page }) => {
  const u = uid();
  const project = await created<{ id: number }>(await page.request.post("/api/projects", { data: { name: `Spread ${u}` } }));
  const handles = [`north_${u}`, `south_${u}`, `west_${u}`];
  const accounts: Array<{ id: number }> = [];
  for (const h of handles) {
    accounts.push(await created<{ id: number }>(await page.request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: h } })));
  }
  // north is trusted with more a day than the others: it has the most room, so the first send goes from it.
  expect((await page.request.patch(`/api/accounts/${accounts[0]!.id}/sending-policy`, { data: { dailyCap: 30, warmup: false } })).status()).toBe(200);
  const campaign = await created<{ id: number }>(
    await page.request.post("/api/campaigns", { data: { projectId: project.id, name: `Spread ${u}`, platform: "forum", skill: "forum-scout" } }),
  );

  await page.goto(`/campaigns/${campaign.id}`);
  const card = page.locator("#sending-accounts");
  await expect(card.getByText("Each draft goes from the account it names.", { exact: false })).toBeVisible();
  for (const h of handles.slice(0, 2)) await card.getByRole("checkbox", { name: h }).check();
  await card.getByRole("button", { name: "Save accounts" }).click();
  const list = page.getByTestId("send-accounts");
  await expect(list.locator("li")).toHaveCount(2);
  await expect(list.locator("li").first()).toContainText(handles[0]!);
  await expect(list.locator("li").first()).toContainText("30 of 30 left today");
  await expect(list.locator("li").nth(1)).toContainText("3 of 3 left today");
  await expect(list.locator("li").first()).toContainText("No credentials");
  await expect(list.locator("li").first()).toContainText("No checked posts in 30 days");
  await expect(card.getByRole("checkbox", { name: handles[2]! })).not.toBeChecked();

  // A draft made without an account (the CLI, as an agent's drafts_create would), approved and marked sent.
  const file = path.join(os.tmpdir(), `spread-drafts-${u}.json`);
  fs.writeFileSync(file, JSON.stringify([{ kind: "dm", targetUser: `ada_${u}`, body: "Hi Ada, a note about flaky CI retries.", qualityScore: 70 }]));
  const out = JSON.parse(cli(["drafts:create", "--campaign", String(campaign.id), "--file", file])) as { created: Array<{ id: number }> };
  fs.rmSync(file, { force: true });
  const draftId = out.created[0]!.id;
  expect((await page.request.patch(`/api/drafts/${draftId}`, { data: { state: "approved" } })).status()).toBe(200);
  const sent = await page.request.patch(`/api/drafts/${draftId}`, { data: { state: "sent" } });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).accountHandle).toBe(handles[0]);

  await page.reload();
  await expect(list.locator("li").first()).toContainText("29 of 30 left today");
  await expect(list.locator("li").first()).toContainText(/1 of 30 sent in the last 24 hours/);
  await shoot(page, "campaign-sending-accounts");
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expect(list.locator("li").first()).toContainText("29 of 30 left today");
  await shoot(page, "campaign-sending-accounts-phone");
  await page.setViewportSize({ width: 1440, height: 900 });
});
