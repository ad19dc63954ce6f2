// The review day in the browser: tab counts, bulk reject with a reason, the bulk bar only where its actions apply,
// "Select all N matching" beyond the loaded page, search in the URL, the Q badge's explanation, the sidebar's
// waiting count kept live, Home's lead line (and Getting started for a new organization), and People's search with
// the Threads tab's inline reply actions. Each test seeds its own campaign and filters to it.
import pg from "pg";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { cli, databaseUrl, shoot } from "./helpers";
import { draftRows, draftState, row, seed, uid } from "./inbox-seed";
import { E2E_ARTIFACTS } from "../playwright.config";

let db: pg.Client;
test.beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
});
test.afterAll(async () => {
  await db.end();
});

/** Light and dark screenshots of the page as it is (a reload would drop a selection or an open form). */
async function snapState(page: Page, name: string) {
  // Colours change at once, not through the rows' transitions, so the dark shot is not caught half-way.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/${name}-${theme}.png` });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

const tabCount = (page: Page, key: string) => page.getByTestId(`tab-count-${key}`);
const bulkBar = (page: Page) => page.getByRole("region", { name: "Bulk actions" });
/** The sidebar's number of drafts waiting for review (its title carries the exact figure); 0 when no badge shows. */
async function waiting(page: Page): Promise<number> {
  const badge = page.getByTestId("inbox-waiting");
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.getAttribute("title"))?.replace(/\D/g, "") ?? "0");
}

test("tab counts, Reject selected with a reason, the bulk bar only where it applies, the Q badge explained", async ({ page }) => {
  const u = uid();
  const s = await seed(page.request, [
    { targetUser: `ana_${u}`, body: "Your talk on release trains was great; we wrote up how we cut our cycle to a week.", qualityScore: 88, qualityReason: "Specific, offers something" },
    { targetUser: `ben_${u}`, body: "Check out our tool.", qualityScore: 12 },
    { targetUser: `cat_${u}`, body: "Buy now, limited offer!", qualityScore: 8 },
    { targetUser: `dan_${u}`, body: "Saw your question about flaky integration tests; the retry wrapper we use logs every retry.", qualityScore: 71 },
  ]);
  await page.goto(`/inbox?campaign=${s.campaign.id}`);
  await expect(draftRows(page)).toHaveCount(4);
  await expect(tabCount(page, "review")).toHaveText(/4$/);
  await expect(tabCount(page, "approved")).toHaveText(/0$/);
  await expect(tabCount(page, "all")).toHaveText(/4$/);

  // The Q badge says what it is, where the colours change and which filter is in force.
  const q = row(page, s.byTarget(`ana_${u}`).id).getByText("Q88");
  await expect(q).toHaveAttribute("title", /Quality score 88 of 100/);
  await expect(q).toHaveAttribute("title", /Min quality filter: none/);
  await expect(q).toHaveAttribute("title", /Why: Specific, offers something/);

  // Reject two weak drafts at once, with one reason.
  const [ben, cat] = [s.byTarget(`ben_${u}`), s.byTarget(`cat_${u}`)];
  await page.getByLabel(`Select draft ${ben.id}`).check();
  await page.getByLabel(`Select draft ${cat.id}`).check();
  await expect(page.getByTestId("bulk-selected")).toHaveText("2 selected");
  await bulkBar(page).getByRole("button", { name: "Reject selected…" }).click();
  await page.getByLabel("Reason").fill("Too salesy for this community");
  await snapState(page, "inbox-bulk-reject");
  await bulkBar(page).getByRole("button", { name: "Reject 2 drafts" }).click();
  const results = page.getByRole("status", { name: "Bulk action results" });
  await expect(results).toContainText("Bulk reject");
  await expect(results).toContainText("2 rejected");
  expect(await draftState(page.request, ben.id)).toBe("rejected");
  expect(await draftState(page.request, cat.id)).toBe("rejected");
  const events = await db.query<{ reason: string }>(`SELECT details->>'reason' AS reason FROM draft_events WHERE draft_id = ANY($1) AND event = 'rejected'`, [[ben.id, cat.id]]);
  expect(events.rows.map((r) => r.reason)).toEqual(["Too salesy for this community", "Too salesy for this community"]);
  await expect(tabCount(page, "review")).toHaveText(/2$/);
  await expect(tabCount(page, "rejected")).toHaveText(/2$/);

  // Rejected: nothing to approve or reject in bulk, so no bar and no checkboxes.
  await page.getByRole("link", { name: /^Rejected/ }).click();
  await expect(draftRows(page)).toHaveCount(2);
  await expect(bulkBar(page)).toHaveCount(0);
  await expect(page.getByLabel(`Select draft ${ben.id}`)).toHaveCount(0);
  await shoot(page, "inbox-rejected-tab", { fullPage: false });

  // Approved: reject and reschedule apply, approve does not.
  await page.getByRole("link", { name: /^Needs review/ }).click();
  await row(page, s.byTarget(`dan_${u}`).id).getByRole("button", { name: "Approve" }).click();
  await expect(tabCount(page, "approved")).toHaveText(/1$/);
  await page.getByRole("link", { name: /^Approved/ }).click();
  await expect(draftRows(page)).toHaveCount(1);
  await expect(bulkBar(page).getByRole("button", { name: "Reject selected…" })).toBeVisible();
  await expect(bulkBar(page).getByRole("button", { name: "Reschedule selected" })).toBeVisible();
  await expect(bulkBar(page).getByRole("button", { name: "Approve selected" })).toHaveCount(0);
});

test("Select all N matching acts beyond the loaded page; search narrows it and lives in the URL", async ({ page }) => {
  const u = uid();
  const entries = Array.from({ length: 53 }, (_, i) => ({ targetUser: `p${i}_${u}`, body: `Draft ${i} about ${i === 7 ? "kubernetes upgrades" : "build caching"} for team ${u}`, qualityScore: 60 }));
  const s = await seed(page.request, entries);
  await page.goto(`/inbox?campaign=${s.campaign.id}`);
  await expect(draftRows(page)).toHaveCount(50);
  await expect(tabCount(page, "review")).toHaveText(/53$/);

  // Search: instant, in the URL, counted.
  await page.getByRole("searchbox", { name: "Search drafts" }).fill("kubernetes");
  await expect(page).toHaveURL(/q=kubernetes/);
  await expect(draftRows(page)).toHaveCount(1);
  await expect(row(page, s.byTarget(`p7_${u}`).id)).toBeVisible();
  await expect(tabCount(page, "review")).toHaveText(/1$/);
  await shoot(page, "inbox-search");
  await expect(page.getByRole("searchbox", { name: "Search drafts" })).toHaveValue("kubernetes");
  await expect(draftRows(page)).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search drafts" }).fill(`p3_${u}`);
  await expect(draftRows(page)).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search drafts" }).fill("");
  await expect(page).not.toHaveURL(/q=/);
  await expect(draftRows(page)).toHaveCount(50);

  // Every loaded row ticked: the bar offers the 3 drafts not loaded too.
  await page.getByLabel("Select all loaded drafts").check();
  await expect(page.getByTestId("bulk-selected")).toHaveText("50 selected");
  await bulkBar(page).getByRole("button", { name: "Select all 53 matching" }).click();
  await expect(page.getByTestId("bulk-selected")).toHaveText("All 53 matching selected");
  await expect(page.getByTestId("bulk-all-matching")).toBeVisible();
  await snapState(page, "inbox-select-all");
  await bulkBar(page).getByRole("button", { name: "Approve selected" }).click();
  const results = page.getByRole("status", { name: "Bulk action results" });
  await expect(results).toContainText("53 approved");
  await expect(tabCount(page, "review")).toHaveText(/0$/);
  await expect(tabCount(page, "approved")).toHaveText(/53$/);
  const states = await db.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM drafts WHERE campaign_id = $1 GROUP BY state`, [s.campaign.id]);
  expect(states.rows).toEqual([{ state: "approved", n: 53 }]);

  // On a phone: the search box stays in view above the folded filters.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/inbox?campaign=${s.campaign.id}&state=approved,armed&q=kubernetes`);
  await expect(draftRows(page)).toHaveCount(1);
  await expect(page.getByRole("searchbox", { name: "Search drafts" })).toBeInViewport();
  await shoot(page, "inbox-search-phone");
});

test("the sidebar counts drafts waiting for review live; Home leads with them", async ({ page, request }) => {
  await page.goto("/inbox?state=sent");
  const before = await waiting(page);
  const u = uid();
  await seed(request, [{ targetUser: `new_${u}`, body: "A fresh draft arriving while the page is open." }, { targetUser: `new2_${u}`, body: "And another." }]);
  // The stream's drafts:changed brings the new number without a reload.
  await expect.poll(() => waiting(page)).toBe(before + 2);
  await expect(page.getByTestId("inbox-waiting")).toHaveAttribute("title", `${(before + 2).toLocaleString("en")} drafts waiting for review`);

  await page.goto("/");
  const lead = page.getByTestId("home-to-review");
  await expect(lead).toContainText(`${(before + 2).toLocaleString("en")} drafts to review`);
  await expect(lead).toHaveAttribute("href", "/inbox");
  await shoot(page, "home-to-review", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "home-to-review-phone", { fullPage: false });
});

test("a new organization's Home leads with Getting started, not zero-value cards", async ({ browser }) => {
  const u = uid();
  cli(["users:create", "--org", `Fresh ${u}`, "--username", `fresh_${u}`], { OUTREACH_PASSWORD: "fresh-password-1" });
  const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const login = await ctx.request.post("/api/auth/login", { data: { username: `fresh_${u}`, password: "fresh-password-1" } });
  expect(login.status()).toBe(200);
  const page = await ctx.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a project" }).last()).toBeVisible();
  await expect(page.getByTestId("home-to-review")).toHaveCount(0);
  await expect(page.getByText("Spend, last 24 hours")).toHaveCount(0);
  await expect(page.getByTestId("inbox-waiting")).toHaveCount(0);
  await shoot(page, "home-new-organization");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "home-new-organization-phone");
  await ctx.close();
});

test("People: search threads by handle and message; approve, reject and retry a pending reply inline", async ({ page }) => {
  const u = uid();
  const s = await seed(page.request, [
    { targetUser: `priya_${u}`, body: "Hi Priya, your monorepo migration post was great." },
    { targetUser: `omar_${u}`, body: "Hi Omar, loved the build cache write-up." },
  ]);
  const { rows: [org] } = await db.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [s.campaign.id]);
  const orgId = org!.organization_id;
  /** A thread on a sent draft with the person's answer and an open reply draft. */
  async function thread(target: string, answer: string, reply: { body: string; failedRun?: boolean }) {
    const parent = s.byTarget(target).id;
    await db.query("UPDATE drafts SET state = 'sent', sent_at = now() WHERE id = $1", [parent]);
    const t = await db.query<{ id: number }>(
      `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
       VALUES ($1, 'forum', 'me', $2, 'dm', $3, now(), 1) RETURNING id`, [orgId, target, parent]);
    const m = await db.query<{ id: number }>(
      `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at) VALUES ($1, $2, 'inbound', $3, $4, now()) RETURNING id`,
      [orgId, t.rows[0]!.id, target, answer]);
    let runId: number | null = null;
    if (reply.failedRun) {
      const r = await db.query<{ id: number }>(
        `INSERT INTO runs (organization_id, kind, runner, status, failure_reason, params, started_at, finished_at)
         VALUES ($1, 'reply_drafting', 'cloud', 'failed', 'playbook_incomplete', '{}', now(), now()) RETURNING id`, [orgId]);
      runId = r.rows[0]!.id;
    }
    const d = await db.query<{ id: number }>(
      `INSERT INTO drafts (organization_id, version, state, kind, platform, project_id, campaign_id, account_handle, target_user, body, quality_score, parent_message_id, drafting_run_id, updated_at)
       VALUES ($1, 1, 'proposed', 'reply_dm', 'forum', $2, $3, 'me', $4, $5, 75, $6, $7, now()) RETURNING id`,
      [orgId, s.project.id, s.campaign.id, target, reply.body, m.rows[0]!.id, runId]);
    return { threadId: t.rows[0]!.id, replyId: d.rows[0]!.id };
  }
  const priya = await thread(`priya_${u}`, `We moved to a monorepo${u} last spring. How do you cache builds?`, { body: "We cache per package hash; happy to share the config." });
  const omar = await thread(`omar_${u}`, "Thanks! Which cache backend do you use?", { body: "(drafting)", failedRun: true });

  // Search: a word of Priya's message finds her thread only; Omar's handle finds his.
  await page.goto(`/people?q=monorepo${u}`);
  const threads = page.getByRole("table", { name: "Threads" });
  await expect(threads.locator("tbody tr")).toHaveCount(1);
  await expect(threads.locator(`a[data-thread-id="${priya.threadId}"]`)).toBeVisible();
  await expect(page.locator("#threads-q")).toHaveValue(`monorepo${u}`);
  await shoot(page, "people-search");
  // The search applies itself after a short pause in typing, like the other filters.
  await page.locator("#threads-q").fill(`omar_${u}`);
  await expect(page).toHaveURL(new RegExp(`q=omar_${u}`));
  await expect(threads.locator("tbody tr")).toHaveCount(1);

  // Omar's reply failed to draft: Retry and Reject are offered inline.
  await expect(page.getByRole("button", { name: `Retry drafting the reply to omar_${u}` })).toBeVisible();
  await page.getByRole("button", { name: `Reject reply to omar_${u}` }).click();
  // The row re-reads itself once the reply is rejected: no reply is open on the thread any more.
  await expect(threads.locator("tbody tr").filter({ hasText: `omar_${u}` })).toContainText("No reply open");
  expect(await draftState(page.request, omar.replyId)).toBe("rejected");

  // Priya's reply is drafted: its text is shown and Approve takes it without opening the thread.
  await page.goto(`/people?q=priya_${u}`);
  await expect(page.getByText("We cache per package hash; happy to share the config.")).toBeVisible();
  await shoot(page, "people-threads-inline-reply");
  await page.getByRole("button", { name: `Approve reply to priya_${u}` }).click();
  // The row says so: first the button's own notice, then (once the row re-reads itself) the reply's badge.
  await expect(threads.locator("tbody tr").filter({ hasText: `priya_${u}` })).toContainText("Reply approved");
  expect(await draftState(page.request, priya.replyId)).toBe("approved");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/people?q=${u}`);
  await shoot(page, "people-search-phone");
});
