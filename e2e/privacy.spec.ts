// A person's data request on the People page (docs/privacy.md), as an admin does it: from All contacts to the person's
// page, what is held, the JSON download and the readable copy, then the erasure confirmed by typing the handle, and
// what is left: the suppression notice, the record of the erasure, no row about them.
import fs from "node:fs";
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";
import { E2E_ARTIFACTS } from "../playwright.config";

let sql: pg.Client;
test.beforeAll(async () => {
  sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
});
test.afterAll(async () => sql.end());

/** A sent DM to the person, their reply in its thread, and their contact row. */
async function seed(request: APIRequestContext) {
  const u = uid();
  const handle = `erin_request_${u}`;
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Data request ${u}` } }));
  const campaign = await created<{ id: number }>(await request.post("/api/campaigns", { data: { projectId: project.id, name: `Data request ${u}`, platform: "forum", skill: "forum-scout" } }));
  const { rows: org } = await sql.query<{ organization_id: number }>("SELECT organization_id FROM projects WHERE id = $1", [project.id]);
  const orgId = org[0]!.organization_id;
  const ourMessage = `Hi Erin, saw your question about screen readers ${u}`;
  const theirMessage = `Please tell me what you keep about me ${u}`;
  const { rows: d } = await sql.query<{ id: number }>(
    `INSERT INTO drafts (organization_id, project_id, campaign_id, state, kind, platform, account_handle, target_user, body, sent_at, replied_at, updated_at)
     VALUES ($1, $2, $3, 'replied', 'dm', 'forum', 'acme_team', $4, $5, now() - interval '2 days', now() - interval '1 day', now()) RETURNING id`,
    [orgId, project.id, campaign.id, `u/${handle}`, ourMessage],
  );
  const { rows: t } = await sql.query<{ id: number }>(
    `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
     VALUES ($1, 'forum', 'acme_team', $2, 'dm', $3, now() - interval '1 day', 2) RETURNING id`,
    [orgId, handle, d[0]!.id],
  );
  await sql.query(
    `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at, external_id) VALUES
     ($1, $2, 'outbound', 'acme_team', $3, now() - interval '2 days', $5), ($1, $2, 'inbound', $4, $6, now() - interval '1 day', $7)`,
    [orgId, t[0]!.id, ourMessage, handle, `out-${u}`, theirMessage, `in-${u}`],
  );
  await sql.query(
    `INSERT INTO contact_history (organization_id, platform, target_user, account_handle, project_id, last_draft_id, first_contacted_at, last_contacted_at, outcome)
     VALUES ($1, 'forum', $2, 'acme_team', $3, $4, now() - interval '2 days', now() - interval '1 day', 'replied')`,
    [orgId, handle, project.id, d[0]!.id],
  );
  return { u, orgId, handle, theirMessage, ourMessage };
}

test("a data request: the person's page from All contacts, the JSON and the readable copy, then the erasure confirmed by typing the handle", async ({ page, request }) => {
  // A long walk with eleven screenshots: more than the default minute on a shared machine.
  test.setTimeout(180_000);
  const s = await seed(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/people?tab=contacts&q=${s.handle}`);
  await page.getByRole("link", { name: `Their data (${s.handle})` }).click();
  await expect(page).toHaveURL(new RegExp(`/people/privacy\\?platform=forum&handle=${s.handle}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(s.handle);
  const held = page.locator("section", { hasText: "What is held" });
  await expect(held).toContainText("1 conversation, 2 messages");
  await expect(held).toContainText("1 draft (any state)");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("person-export-json").click()]);
  expect(download.suggestedFilename()).toBe(`forum-${s.handle}-${new Date().toISOString().slice(0, 10)}.json`);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(exported.person).toEqual({ platform: "forum", handle: s.handle });
  expect(exported.threads[0].messages.map((m: { body: string }) => m.body)).toEqual([s.ourMessage, s.theirMessage]);

  const copy = page.getByRole("link", { name: "Open readable copy" });
  const [readable] = await Promise.all([page.context().waitForEvent("page"), copy.click()]);
  await expect(readable.getByRole("heading", { level: 1 })).toContainText(`holds about ${s.handle} (forum)`);
  await expect(readable.getByText(s.theirMessage)).toBeVisible();
  await readable.screenshot({ path: `${E2E_ARTIFACTS}/screens/privacy-readable-copy.png`, fullPage: true });
  await readable.close();

  await shoot(page, "privacy-person-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "privacy-person-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The button waits for the handle, typed in any of its spellings.
  const confirm = page.getByLabel(`Type ${s.handle} to confirm`);
  const erase = page.getByRole("button", { name: "Erase everything" });
  await expect(erase).toBeDisabled();
  await confirm.fill(`${s.handle}x`);
  await expect(erase).toBeDisabled();
  await confirm.fill(`u/${s.handle.toUpperCase()}`);
  await expect(erase).toBeEnabled();
  await erase.click();
  await expect(page.getByText("Erased: 1 draft, 2 messages, 1 conversation, 1 contact row.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Erased");
  await expect(page.getByText("This person’s data was erased.")).toBeVisible();
  await expect(held).toContainText("0 conversations, 0 messages");
  await shoot(page, "privacy-erased-1440");

  // Nothing about them in the organization's drafts, threads, messages or contacts.
  const { rows } = await sql.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM drafts WHERE organization_id = $1 AND target_user ILIKE $2)
           + (SELECT count(*) FROM conversation_threads WHERE organization_id = $1 AND target_user ILIKE $2)
           + (SELECT count(*) FROM conversation_messages WHERE organization_id = $1 AND (author ILIKE $2 OR body = $3))
           + (SELECT count(*) FROM contact_history WHERE organization_id = $1 AND target_user ILIKE $2))::int AS n`,
    [s.orgId, `%${s.handle}%`, s.theirMessage],
  );
  expect(rows[0]!.n).toBe(0);

  // The record of erasures names the admin and the counts, never the person.
  await page.getByRole("link", { name: "Data requests" }).click();
  const erasures = page.getByRole("table", { name: "Erasures" });
  await expect(erasures).toContainText("1 draft, 2 messages, 1 conversation, 1 contact row");
  await expect(erasures).toContainText("owner");
  await expect(page.locator("main")).not.toContainText(s.handle);
  await shoot(page, "privacy-requests-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "privacy-requests-390");
});

test("Settings > Privacy: an admin turns data retention on with a number of days, and the card says what it will do", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/settings#privacy");
  const card = page.locator("#data-retention");
  await expect(card).toContainText("Off: nothing is deleted automatically.");
  await card.getByLabel("Delete old data every night").check();
  const days = card.getByLabel("Keep for (days)");
  await days.fill("90");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card).toContainText("On: the first nightly run has not happened yet.");
  await page.reload();
  await expect(card.getByLabel("Keep for (days)")).toHaveValue("90");
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "privacy-settings-retention");
  // Back off, as the other specs expect.
  await card.getByLabel("Delete old data every night").uncheck();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card).toContainText("Off: nothing is deleted automatically.");
});
