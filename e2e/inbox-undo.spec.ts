// Review decisions are not final in the inbox: approve, reject and bulk actions are offered back for a few seconds
// (Undo, or z), decided drafts can be reopened from their tabs, and a message sent by hand can be marked as sent.
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { shoot } from "./helpers";
import pg from "pg";
import { databaseUrl } from "./helpers";
import { draftState, row, seed, uid } from "./inbox-seed";
import { E2E_ARTIFACTS } from "../playwright.config";

const notice = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test("a stray approve is undone from its notice, with the variants it beat; z takes back a reject; the offer expires", async ({ page }) => {
  const u = uid();
  const s = await seed(page.request, [
    { targetUser: `ana_${u}`, body: "Saw your thread on invoices for small studios; our tool does that part for free.", qualityScore: 80, variants: ["Your invoicing thread was spot on. We built something for exactly that; want a look?"] },
    { targetUser: `bea_${u}`, body: "Hello Bea, a short note about time tracking.", qualityScore: 70 },
  ]);
  const [anaA, anaB] = s.created.filter((c) => c.targetUser === `ana_${u}`);
  const bea = s.byTarget(`bea_${u}`);
  await page.goto(`/inbox?campaign=${s.campaign.id}`);

  await page.getByRole("button", { name: `Approve draft ${anaA.id}` }).click();
  const approved = notice(page, `Approved the DM to ana_${u}.`);
  await expect(approved).toBeVisible();
  await expect(row(page, anaB.id).getByText("Rejected", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/inbox-undo-light.png` });
  await approved.getByRole("button", { name: "Undo" }).click();
  await expect(notice(page, `The DM to ana_${u} is back in review.`)).toBeVisible();
  // Both variants are back to review, in the page and on the server.
  await expect(row(page, anaA.id).getByRole("button", { name: `Approve draft ${anaA.id}` })).toBeEnabled();
  await expect(row(page, anaB.id).getByRole("button", { name: `Approve draft ${anaB.id}` })).toBeEnabled();
  expect(await draftState(page.request, anaA.id)).toBe("pending_review");
  expect(await draftState(page.request, anaB.id)).toBe("pending_review");

  // A reject taken back with the keyboard.
  await page.getByRole("button", { name: `Reject draft ${bea.id}` }).click();
  // The reason is optional: Enter rejects without one.
  await page.getByRole("form", { name: `Reject draft ${bea.id}?` }).getByLabel(/Why reject it/).press("Enter");
  await expect(notice(page, `Rejected the DM to bea_${u}.`)).toBeVisible();
  await page.keyboard.press("z");
  await expect(notice(page, `The DM to bea_${u} is back in review.`)).toBeVisible();
  await expect.poll(() => draftState(page.request, bea.id)).toBe("pending_review");

  // The offer lasts about 8 seconds; after that the decision stands and z does nothing.
  await page.getByRole("button", { name: `Reject draft ${bea.id}` }).click();
  await page.getByRole("form", { name: `Reject draft ${bea.id}?` }).getByRole("button", { name: "Reject" }).click();
  const rejected = notice(page, `Rejected the DM to bea_${u}.`);
  await expect(rejected).toBeVisible();
  await page.waitForTimeout(5_000);
  await expect(rejected).toBeVisible();
  await expect(rejected).toHaveCount(0, { timeout: 6_000 });
  await page.keyboard.press("z");
  await page.waitForTimeout(500);
  expect(await draftState(page.request, bea.id)).toBe("rejected");
});

test("a bulk approve and a bulk reschedule are undone from their notice", async ({ page }) => {
  const u = uid();
  const s = await seed(page.request, ["cal", "dot", "eli"].map((n) => ({ targetUser: `${n}_${u}`, body: `Hello ${n}, a note.`, qualityScore: 65 })));
  await page.goto(`/inbox?campaign=${s.campaign.id}`);
  for (const d of s.created) await page.getByLabel(`Select draft ${d.id}`).check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  const bulk = notice(page, "Approved 3 drafts.");
  await expect(bulk).toBeVisible();
  for (const d of s.created) expect(await draftState(page.request, d.id)).toBe("approved");
  await bulk.getByRole("button", { name: "Undo" }).click();
  await expect(notice(page, "3 drafts back in review.")).toBeVisible();
  for (const d of s.created) expect(await draftState(page.request, d.id)).toBe("pending_review");

  const [cal] = s.created;
  await page.getByLabel(`Select draft ${cal.id}`).check();
  await page.getByLabel("Send after").fill("2031-06-01T09:30");
  await page.getByRole("button", { name: "Reschedule selected" }).click();
  await expect(row(page, cal.id).getByText(/Scheduled for/)).toBeVisible();
  await notice(page, "Rescheduled 1 draft.").getByRole("button", { name: "Undo" }).click();
  await expect(notice(page, "Schedule of 1 draft put back.")).toBeVisible();
  await expect(row(page, cal.id).getByText(/Scheduled for/)).toHaveCount(0);
  const fresh = (await (await page.request.get(`/api/drafts/${cal.id}`)).json()) as { scheduledSendAfter: string | null };
  expect(fresh.scheduledSendAfter).toBeNull();
});

test("decided drafts: Reopen from the Approved and Rejected tabs, Mark as sent for a message sent by hand", async ({ page }) => {
  const u = uid();
  const s = await seed(page.request, ["fay", "gil", "hux"].map((n) => ({ targetUser: `${n}_${u}`, body: `Hello ${n}, about your question on invoices.`, qualityScore: 75 })));
  const [fay, gil, hux] = s.created;
  for (const d of [fay, gil]) expect((await page.request.patch(`/api/drafts/${d.id}`, { data: { state: "approved" } })).status()).toBe(200);
  expect((await page.request.patch(`/api/drafts/${hux.id}`, { data: { state: "rejected" } })).status()).toBe(200);

  await page.goto(`/inbox?campaign=${s.campaign.id}&state=approved,armed`);
  await expect(page.getByRole("button", { name: `Reopen draft ${fay.id}` })).toBeVisible();
  await shoot(page, "inbox-approved-tab", { fullPage: false });

  // Mark as sent asks first: a sent draft is final.
  await page.getByRole("button", { name: `Mark draft ${fay.id} as sent` }).click();
  const dialog = page.getByRole("dialog", { name: `Mark draft ${fay.id} as sent?` });
  await expect(dialog).toContainText("cannot be reopened");
  await dialog.getByRole("button", { name: "Mark as sent" }).click();
  await expect(row(page, fay.id).getByText("Sent", { exact: true })).toBeVisible();
  expect(await draftState(page.request, fay.id)).toBe("sent");
  await expect(page.getByRole("button", { name: `Reopen draft ${fay.id}` })).toHaveCount(0);

  await page.getByRole("button", { name: `Reopen draft ${gil.id}` }).click();
  await expect(row(page, gil.id).getByRole("button", { name: `Approve draft ${gil.id}` })).toBeVisible();
  expect(await draftState(page.request, gil.id)).toBe("pending_review");

  await page.goto(`/inbox?campaign=${s.campaign.id}&state=rejected`);
  await page.getByRole("button", { name: `Reopen draft ${hux.id}` }).click();
  await expect(row(page, hux.id).getByRole("button", { name: `Approve draft ${hux.id}` })).toBeVisible();
  expect(await draftState(page.request, hux.id)).toBe("pending_review");
});

test("approve one, select all, reject, undo: the approved one is approved", async ({ page }) => {
  const u = uid();
  const s = await seed(page.request, ["ivy", "jon", "kim"].map((n) => ({ targetUser: `${n}_${u}`, body: `Hello ${n}, a note about invoices.`, qualityScore: 70 })));
  const [ivy, jon, kim] = s.created;
  await page.goto(`/inbox?campaign=${s.campaign.id}`);

  await page.getByRole("button", { name: `Approve draft ${ivy.id}` }).click();
  await expect(notice(page, `Approved the DM to ivy_${u}.`)).toBeVisible();
  // The approved row stays on screen until the list reloads, but it is no longer what this tab holds.
  await expect(row(page, ivy.id).getByText("Approved", { exact: true })).toBeVisible();
  await expect(page.getByLabel(`Select draft ${ivy.id}`)).toBeDisabled();
  await page.getByLabel("Select all loaded drafts").check();
  await expect(page.getByTestId("bulk-selected")).toHaveText("2 selected");
  await page.getByRole("button", { name: "Reject selected…" }).click();
  await page.getByRole("button", { name: "Reject 2 drafts" }).click();
  const bulk = notice(page, "Rejected 2 drafts.");
  await expect(bulk).toBeVisible();
  expect(await draftState(page.request, ivy.id)).toBe("approved");
  await bulk.getByRole("button", { name: "Undo" }).click();
  await expect(notice(page, "2 drafts back in review.")).toBeVisible();
  expect(await draftState(page.request, ivy.id)).toBe("approved");
  for (const d of [jon, kim]) expect(await draftState(page.request, d.id)).toBe("pending_review");

  // From the Approved tab, a reject taken back puts the draft back to approved, not to review.
  await page.goto(`/inbox?campaign=${s.campaign.id}&state=approved`);
  await page.getByLabel(`Select draft ${ivy.id}`).check();
  await page.getByRole("button", { name: "Reject selected…" }).click();
  await page.getByRole("button", { name: "Reject 1 draft" }).click();
  await notice(page, "Rejected 1 draft.").getByRole("button", { name: "Undo" }).click();
  await expect(notice(page, "1 draft put back as it was.")).toBeVisible();
  expect(await draftState(page.request, ivy.id)).toBe("approved");
});

test("a single reject asks why, optionally: the reason is kept on the draft's event; r then Enter rejects without one", async ({ page }) => {
  // Two seeds, two rejects and four screenshots: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const u = uid();
  const s = await seed(page.request, ["lea", "max"].map((n) => ({ targetUser: `${n}_${u}`, body: `Hello ${n}, about your question on invoices.`, qualityScore: 60 })));
  const [lea, max] = s.created;
  const url = `/inbox?campaign=${s.campaign.id}`;
  await page.goto(url);

  await page.getByRole("button", { name: `Reject draft ${lea.id}` }).click();
  const form = page.getByRole("form", { name: `Reject draft ${lea.id}?` });
  await expect(form.getByLabel(/Why reject it/)).toBeFocused();
  // Escape leaves the draft as it was.
  await page.keyboard.press("Escape");
  await expect(form).toHaveCount(0);
  expect(await draftState(page.request, lea.id)).toBe("pending_review");

  await page.getByRole("button", { name: `Reject draft ${lea.id}` }).click();
  await form.getByLabel(/Why reject it/).fill("Too pushy for a first message");
  await form.getByLabel(/Why reject it/).press("Enter");
  await expect(notice(page, `Rejected the DM to lea_${u}.`)).toBeVisible();
  expect(await draftState(page.request, lea.id)).toBe("rejected");

  // The keyboard: focus the other row, r opens the same form, Enter rejects at once.
  await row(page, max.id).getByText(`max_${u}`).first().click();
  await page.keyboard.press("r");
  await expect(page.getByRole("form", { name: `Reject draft ${max.id}?` })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(notice(page, `Rejected the DM to max_${u}.`)).toBeVisible();

  const sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ draft_id: number; details: { reason?: string } }>(
      "SELECT draft_id, details FROM draft_events WHERE draft_id = ANY($1) AND event = 'rejected' ORDER BY id",
      [[lea.id, max.id]],
    );
    expect(rows.map((r) => [r.draft_id, r.details.reason ?? null])).toEqual([
      [lea.id, "Too pushy for a first message"],
      [max.id, null],
    ]);
  } finally {
    await sql.end();
  }

  // The form, light and dark, wide and on a phone: opened once per width, the theme switched in place.
  const fresh = await seed(page.request, [{ targetUser: `ned_${u}`, body: "Hello Ned, a short note.", qualityScore: 65 }]);
  const ned = fresh.created[0]!;
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/inbox?campaign=${fresh.campaign.id}`);
    await page.getByRole("button", { name: `Reject draft ${ned.id}` }).click();
    await expect(page.getByRole("form", { name: `Reject draft ${ned.id}?` })).toBeVisible();
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => {
        localStorage.setItem("theme", t);
        (window as unknown as { __applyTheme: () => void }).__applyTheme();
      }, theme);
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/inbox-reject-reason-${width}-${theme}.png` });
    }
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));
});
