// Sending limits and opt-outs as a person sees them (docs/sending-limits.md): the project's Accounts tab explains an
// account's limits in words and edits them; a Mark as sent the limits stop is held, and the inbox row says until when
// and why; a contact marked opted out on the People page has its pending draft held with that reason.
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { shoot } from "./helpers";
import { row, seed, uid } from "./inbox-seed";

/** Drafts to `targets` (in order), all approved, the first one sent: the account's next send must wait its gap. */
async function oneSent(page: Page, targets: string[]) {
  const s = await seed(page.request, targets.map((t, i) => ({ targetUser: t, body: `Hi ${t}, message ${i + 1} about build caches and flaky CI.` })));
  for (const d of s.created) expect((await page.request.patch(`/api/drafts/${d.id}`, { data: { state: "approved" } })).status()).toBe(200);
  expect((await page.request.patch(`/api/drafts/${s.created[0]!.id}`, { data: { state: "sent" } })).status()).toBe(200);
  return s;
}

test("a Mark as sent the limits stop is held in the inbox's words; the Accounts tab explains and edits the limits", async ({ page }) => {
  const u = uid();
  const s = await oneSent(page, [`ada_${u}`, `ben_${u}`]);
  const ben = s.byTarget(`ben_${u}`);

  // The second Mark as sent within the gap is held, in the inbox's own words.
  await page.goto(`/inbox?campaign=${s.campaign.id}&state=approved,armed`);
  await page.getByRole("button", { name: `Mark draft ${ben.id} as sent` }).click();
  await page.getByRole("dialog", { name: `Mark draft ${ben.id} as sent?` }).getByRole("button", { name: "Mark as sent" }).click();
  const held = page.getByTestId(`held-${ben.id}`);
  await expect(held).toContainText("Held until");
  await expect(held).toContainText(`The sending limits of acct_${s.u}: at least 8 min between sends`);
  await expect(row(page, ben.id).getByText(/Held, not sent/)).toBeVisible();
  await expect(row(page, ben.id).getByText("Not ready")).toBeVisible();
  await shoot(page, "sending-held-inbox", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId(`held-${ben.id}`)).toBeVisible();
  await shoot(page, "sending-held-inbox-phone", { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The Accounts tab: where the account stands, its limits, and an edit.
  await page.goto(`/projects/${s.project.id}?tab=accounts`);
  const words = page.getByTestId(`sending-words-${s.account.id}`);
  await expect(words).toHaveText(/^1 of 3 sent in the last 24 hours \(warm-up day 1\); 1 of 4 this hour; next send allowed at \d\d:\d\d UTC$/);
  await expect(page.getByText("At most 20 a day and 4 an hour, at least 8 min apart plus up to 7 min at random; a new account starts at 3 a day, 2 more each day.")).toBeVisible();
  await shoot(page, "sending-accounts");
  await page.getByRole("button", { name: `Edit the sending limits of account ${s.account.id}` }).click();
  const form = page.getByRole("form", { name: `Sending limits of account ${s.account.id}` });
  await form.getByLabel("Per day").fill("12");
  await form.getByLabel("Warm up a new account").uncheck();
  await form.getByRole("button", { name: "Save limits" }).click();
  await expect(words).toHaveText(/^1 of 12 sent in the last 24 hours; 1 of 4 this hour; next send allowed at/);
  await expect(page.getByText(/At most 12 a day .*; no warm-up\. Set for this account\./)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "sending-accounts-phone");
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("a contact marked opted out on the People page: the follow-up to them is held with that reason", async ({ page }) => {
  const u = uid();
  const s = await oneSent(page, [`ada_${u}`, `ada_${u}`]);
  const adaAgain = s.created[1];

  // Ada is marked opted out by hand on the People page; the follow-up to her is then held with that reason.
  await page.goto(`/people?tab=contacts`);
  await page.getByRole("button", { name: `Mark ada_${u} opted out` }).click();
  await expect(page.getByRole("button", { name: `Undo the opt-out of ada_${u}` })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `ada_${u}` }).getByText("Opted out")).toBeVisible();
  await shoot(page, "sending-people-opted-out", { fullPage: false });

  await page.goto(`/inbox?campaign=${s.campaign.id}&state=approved,armed`);
  await page.getByRole("button", { name: `Mark draft ${adaAgain!.id} as sent` }).click();
  await page.getByRole("dialog", { name: `Mark draft ${adaAgain!.id} as sent?` }).getByRole("button", { name: "Mark as sent" }).click();
  const optedOut = page.getByTestId(`held-${adaAgain!.id}`);
  await expect(optedOut).toContainText(`Held: ada_${u} asked not to be contacted (marked on the People page)`);
  await shoot(page, "sending-held-opt-out", { fullPage: false });
});
