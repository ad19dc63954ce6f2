// What a person sees of the removal checks (docs/removal-checks.md): the inbox's Sent tab says per sent post whether it
// is still visible, removed, deleted or not checked yet; the thread page shows the same with Check now (and asks for a
// link when there is none, refusing one that is not a post); the project's Accounts says how many checked posts were
// removed in 30 days. The verdicts are written straight into the database (the job that writes them, its platform
// reads, the notification and the webhook have integration tests: test/int/removal-checks.int.test.ts).
import pg from "pg";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";
import { E2E_ARTIFACTS } from "../playwright.config";

let db: pg.Client;
test.beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
});
test.afterAll(async () => db.end());

/** A forum project with an account and a campaign, through the API. */
async function world(request: APIRequestContext) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Removals ${u}` } }));
  const account = await created<{ id: number }>(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `tracker_team_${u}` } }));
  const c = await created<{ id: number }>(await request.post("/api/campaigns", { data: { projectId: project.id, name: `Removals ${u}`, platform: "forum", skill: "forum-scout" } }));
  const { rows } = await db.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [c.id]);
  return { u, orgId: rows[0]!.organization_id, projectId: project.id, accountId: account.id, campaignId: c.id };
}

type World = Awaited<ReturnType<typeof world>>;

/** A sent comment, with what the last removal check saw (null: none yet) and whether a link was kept. */
async function sent(w: World, over: { visibility: string | null; link?: boolean; kind?: string; error?: string | null }) {
  const link = over.link ?? true;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO drafts (organization_id, project_id, campaign_id, account_id, state, kind, platform, account_handle, target_user,
                         target_community, body, sent_at, published_url, visibility, visibility_checked_at, visibility_check_due_at,
                         visibility_checks_done, visibility_error, updated_at)
     VALUES ($1, $2, $3, $4, 'sent', $5, 'forum', 'tracker_team', $6, 'r/selfhosted',
             'We hit the same wall with CSV imports; the mapping step in our tool handles it.', now() - interval '3 hours',
             $7::text, $8::text::"DraftVisibility", CASE WHEN $8::text IS NULL THEN NULL ELSE now() - interval '2 hours' END,
             CASE WHEN $7::text IS NULL THEN NULL ELSE now() + interval '21 hours' END, 1, $9::text, now()) RETURNING id`,
    [w.orgId, w.projectId, w.campaignId, w.accountId, over.kind ?? "post_comment", `person_${uid()}`,
      link ? `https://www.reddit.com/r/selfhosted/comments/abc${uid()}/csv_imports/c${uid()}/` : null, over.visibility, over.error ?? null],
  );
  return rows[0]!.id;
}

test("the Sent tab shows whether each sent post is still visible; the Accounts tab counts removals", async ({ page, request }) => {
  const w = await world(request);
  const visible = await sent(w, { visibility: "visible" });
  const removed = await sent(w, { visibility: "removed" });
  const deleted = await sent(w, { visibility: "deleted" });
  const hidden = await sent(w, { visibility: "not_visible" });
  const pending = await sent(w, { visibility: null });
  const dm = await sent(w, { visibility: null, kind: "dm", link: false });

  await page.goto(`/inbox?campaign=${w.campaignId}&state=sent`);
  const status = (id: number) => page.locator(`tr[data-draft-id="${id}"]`);
  await expect(status(visible).getByTestId("removal-status")).toHaveText("Visible");
  await expect(status(removed).getByTestId("removal-status")).toHaveText("Removed");
  await expect(status(deleted).getByTestId("removal-status")).toHaveText("Deleted by author");
  await expect(status(hidden).getByTestId("removal-status")).toHaveText("Not visible");
  await expect(status(pending).getByTestId("removal-status")).toHaveText("Not checked yet");
  // A DM is nobody else's to see: no badge, no Check now.
  await expect(status(dm).getByTestId("removal-status")).toHaveCount(0);
  await expect(status(dm).getByRole("button", { name: "Check now" })).toHaveCount(0);
  await expect(status(removed).getByRole("button", { name: "Check now" })).toBeVisible();
  await shoot(page, "inbox-sent-removals");

  await page.goto(`/projects/${w.projectId}?tab=accounts`);
  const health = page.getByTestId("account-health");
  // visible, removed, deleted, not visible were checked; removed and not visible count.
  await expect(health.getByText("2 of 4 checked posts removed in 30 days")).toBeVisible();
  await shoot(page, "project-accounts-removals");
});

test("the thread page shows the post's visibility, and asks for a link when the post has none", async ({ page, request }) => {
  const w = await world(request);
  const removed = await sent(w, { visibility: "removed" });
  const bare = await sent(w, { visibility: null, link: false });
  const thread = async (draftId: number) => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
       SELECT organization_id, platform, account_handle, target_user, 'post_comment'::"ThreadKind", id, sent_at, 0 FROM drafts WHERE id = $1 RETURNING id`,
      [draftId],
    );
    return rows[0]!.id;
  };

  await page.goto(`/conversations/${await thread(removed)}`);
  await expect(page.getByTestId("removal-status")).toHaveText("Removed");
  await expect(page.getByText(/^Next check /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Check now" })).toBeVisible();
  await shoot(page, "thread-removed");

  await page.goto(`/conversations/${await thread(bare)}`);
  await page.getByLabel("Paste the link of the sent post or comment").fill("https://www.reddit.com/user/someone/");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByText("That address is not a forum post or comment this dashboard can look up")).toBeVisible();
  const { rows } = await db.query<{ published_url: string | null; visibility_manual_at: Date | null }>("SELECT published_url, visibility_manual_at FROM drafts WHERE id = $1", [bare]);
  expect(rows[0]).toEqual({ published_url: null, visibility_manual_at: null });
  await shoot(page, "thread-no-link");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the Sent tab's cards carry the badge and the Accounts card fits", async ({ page, request }) => {
    const w = await world(request);
    const removed = await sent(w, { visibility: "removed" });
    await page.goto(`/inbox?campaign=${w.campaignId}&state=sent`);
    await expect(page.locator(`[data-draft-id="${removed}"]`).getByTestId("removal-status")).toHaveText("Removed");
    await shoot(page, "inbox-sent-removals-phone");
    await page.goto(`/projects/${w.projectId}?tab=accounts`);
    await expect(page.getByTestId("account-health").getByText("1 of 1 checked post removed in 30 days")).toBeVisible();
    await shoot(page, "project-accounts-removals-phone");
    // The card itself never makes the page wider than the phone.
    const card = await page.getByTestId("account-health").boundingBox();
    expect(card!.x + card!.width).toBeLessThanOrEqual(390);
  });
});

test("Mark as sent asks for the sent comment's link: a bad one is refused inline, Esc cancels, and the link reaches the Sent tab", async ({ page, request }) => {
  const w = await world(request);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO drafts (organization_id, project_id, campaign_id, account_id, state, kind, platform, account_handle, target_user,
                         target_community, target_url, body, updated_at)
     VALUES ($1, $2, $3, $4, 'approved', 'post_comment', 'forum', 'tracker_team', $5, 'r/selfhosted',
             'https://www.reddit.com/r/selfhosted/comments/abc123/csv_imports/', 'We hit the same wall with CSV imports.', now()) RETURNING id`,
    [w.orgId, w.projectId, w.campaignId, w.accountId, `person_${uid()}`],
  );
  const id = rows[0]!.id;
  const stored = async () => (await db.query<{ state: string; published_url: string | null }>("SELECT state, published_url FROM drafts WHERE id = $1", [id])).rows[0]!;
  const dialog = page.getByRole("dialog", { name: `Mark draft ${id} as sent?` });
  const link = dialog.getByRole("textbox", { name: /Link to the sent comment/ });

  // Light and dark, the form as it looks with the inline error of a link that is not one.
  for (const theme of ["light", "dark"] as const) {
    await page.goto(`/inbox?campaign=${w.campaignId}&state=approved,armed`);
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await page.getByRole("button", { name: `Mark draft ${id} as sent` }).click();
    await expect(link).toBeFocused();
    await link.fill("reddit.com/r/selfhosted/comments/abc123");
    await link.press("Enter");
    await expect(dialog.getByText("Give the full link, starting with https://")).toBeVisible();
    await expect(link).toHaveAttribute("aria-invalid", "true");
    await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/inbox-mark-sent-link-${theme}.png` });
    // Esc cancels: nothing was sent.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  expect(await stored()).toEqual({ state: "approved", published_url: null });

  // Keyboard first: j focuses the row, s opens the form, Enter marks it sent with the link.
  await page.reload();
  await expect(page.getByRole("button", { name: `Mark draft ${id} as sent` })).toBeVisible();
  await page.keyboard.press("j");
  await page.keyboard.press("s");
  await expect(link).toBeFocused();
  const permalink = `https://www.reddit.com/r/selfhosted/comments/abc123/csv_imports/def${w.u.slice(-4)}/`;
  await link.fill(permalink);
  await link.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect.poll(stored).toEqual({ state: "sent", published_url: permalink });

  // The Sent tab links to it and offers Check now on it.
  await page.goto(`/inbox?campaign=${w.campaignId}&state=sent`);
  const row = page.locator(`tr[data-draft-id="${id}"]`);
  await expect(row.getByRole("link", { name: `View sent draft ${id} on platform` })).toHaveAttribute("href", permalink);
  await expect(row.getByTestId("removal-status")).toHaveText("Not checked yet");
  await expect(row.getByRole("button", { name: "Check now" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Add link to check" })).toHaveCount(0);
});
