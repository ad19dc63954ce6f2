// Notifications against the real server: rows seeded with SQL in an organization of the spec's own show in the bell
// (count, "99+", dropdown, follow one to its page and it is read, mark all read), a notification committed while the
// page is open arrives through the real NOTIFY -> stream path without a reload, and the Notifications page filters by
// kind and unread (in the URL), pages with Load more and prepends new ones that match its filter.
import path from "node:path";
import { request, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import pg from "pg";
import { cli, databaseUrl, shoot, uid } from "./helpers";
import { E2E_PORT, E2E_ARTIFACTS } from "../playwright.config";

type Seed = { kind: string; title: string; body?: string | null; data?: Record<string, unknown>; secondsAgo?: number; read?: boolean; groupedInto?: number };

async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

// The notifications of an organization of this spec's own: other specs' runs notify the first owner's organization
// all along, and the bell shows only the latest few, so counts and order here would depend on what ran before.
const STATE = path.join(E2E_ARTIFACTS, "notifications-owner.json");
const ME = { username: `notify_${uid()}`, password: "notify-password-123" };
test.use({ storageState: STATE });

test.beforeAll(async () => {
  cli(["users:create", "--org", `Notify ${ME.username}`, "--username", ME.username], { OUTREACH_PASSWORD: ME.password });
  const ctx = await request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}`, storageState: { cookies: [], origins: [] } });
  try {
    expect((await ctx.post("/api/auth/login", { data: ME })).status()).toBe(200);
    await ctx.storageState({ path: STATE });
  } finally {
    await ctx.dispose();
  }
});

async function ownerOrgId(): Promise<number> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ organization_id: number }>(
      "SELECT m.organization_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.username = $1",
      [ME.username],
    );
    return rows[0]!.organization_id;
  });
}

async function seed(orgId: number, items: Seed[]): Promise<number[]> {
  return withDb(async (db) => {
    const ids: number[] = [];
    for (const n of items) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO notifications (organization_id, kind, title, body, payload, read_at, created_at, grouped_into_id)
         VALUES ($1, $2, $3, $4, $5::jsonb, CASE WHEN $6 THEN now() END, now() - make_interval(secs => $7), $8)
         RETURNING id`,
        [orgId, n.kind, n.title, n.body ?? null, JSON.stringify(n.data ?? {}), n.read ?? false, n.secondsAgo ?? 0, n.groupedInto ?? null],
      );
      ids.push(rows[0]!.id);
    }
    return ids;
  });
}

/** A notification committed now and announced the way the app announces its own (lib/events/bus.ts). */
async function createLive(orgId: number, n: Seed): Promise<number> {
  const [id] = await seed(orgId, [{ ...n, secondsAgo: 0 }]);
  await withDb((db) =>
    db.query("SELECT pg_notify('outreach_events', $1)", [JSON.stringify({ o: orgId, t: "notification:created", notificationId: id })]),
  );
  return id!;
}

async function unreadInDb(orgId: number): Promise<number> {
  return withDb(async (db) => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE organization_id = $1 AND read_at IS NULL", [orgId])).rows[0]!.n);
}

/** Light and dark without a reload, for states a reload would lose (an open dropdown). */
async function shootAsIs(page: Page, name: string, { target, clip }: { target?: Locator; clip?: { x: number; y: number; width: number; height: number } } = {}) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      (window as unknown as { __applyTheme?: () => void }).__applyTheme?.();
    }, theme);
    const path = `${E2E_ARTIFACTS}/screens/${name}-${theme}.png`;
    if (target) await target.screenshot({ path, animations: "disabled" });
    else await page.screenshot({ path, clip, animations: "disabled" });
  }
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    (window as unknown as { __applyTheme?: () => void }).__applyTheme?.();
  });
}

async function waitForLiveStream(page: Page) {
  await expect(page.locator('[data-stream-status="live"]')).toHaveCount(1);
}

test.beforeEach(async ({ page }) => {
  // Every test starts with nothing unread, so counts are the test's own.
  expect((await page.request.post("/api/notifications")).status()).toBe(200);
});

test("the bell: count, dropdown, follow one, live arrival, mark all read", async ({ page }) => {
  const orgId = await ownerOrgId();
  const tag = uid();
  const [failedId, draftsId, replyId] = await seed(orgId, [
    { kind: "run.failed", title: `Run #9001 of Bell ${tag} failed: agent crashed`, body: "exit code 1", data: { runId: 9001, failureReason: "agent_crashed" }, secondsAgo: 90 * 60 },
    { kind: "drafts.created", title: `3 drafts to review from Bell ${tag}`, data: { runId: 9002, draftIds: [1, 2, 3], count: 3 }, secondsAgo: 5 * 60 },
    { kind: "reply.received", title: `Reply from gina on Bell ${tag}`, data: { threadId: 9003, author: "gina" }, secondsAgo: 2 * 60 },
  ]);
  await seed(orgId, [{ kind: "run.success", title: `Run of Bell ${tag} succeeded (read)`, data: { runId: 9004 }, secondsAgo: 200 * 60, read: true }]);

  await page.goto("/");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications, 3 unread");
  await expect(page.getByTestId("notification-badge")).toHaveText("3");
  await expect(bell).toHaveAttribute("aria-expanded", "false");

  // Open: the latest, newest first, unread ones marked.
  await bell.click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel).toBeVisible();
  await expect(bell).toHaveAttribute("aria-expanded", "true");
  const items = panel.locator("[data-notification-id]");
  await expect(items.first()).toContainText(`Reply from gina on Bell ${tag}`);
  const order = await items.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-notification-id"))));
  expect(order.slice(0, 3)).toEqual([replyId, draftsId, failedId]);
  await expect(panel.locator(`[data-notification-id="${replyId}"]`)).toHaveAttribute("data-read", "false");
  await expect(panel.locator(`[data-notification-id="${failedId}"]`)).toContainText("Run stopped");
  await expect(panel.locator(`[data-notification-id="${failedId}"]`)).toContainText("1 h ago");
  await expect(panel.getByText(`Run of Bell ${tag} succeeded (read)`)).toBeVisible();
  await expect(panel.getByRole("link", { name: "View all" })).toHaveAttribute("href", "/notifications");
  await shootAsIs(page, "notifications-bell-open");

  // Escape closes and gives focus back to the bell; a click outside closes too.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await bell.click();
  await expect(panel).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(panel).toBeHidden();

  // Following one opens its page and marks it read.
  await bell.click();
  await panel.locator(`[data-notification-id="${draftsId}"]`).click();
  await expect(page).toHaveURL(/\/inbox\?ids=1(,|%2C)2(,|%2C)3&state=all/);
  await expect(panel).toBeHidden();
  await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
  await expect.poll(() => unreadInDb(orgId)).toBe(2);
  await bell.click();
  await expect(panel.locator(`[data-notification-id="${draftsId}"]`)).toHaveAttribute("data-read", "true");
  await page.keyboard.press("Escape");

  // A notification committed while the page is open arrives without a reload.
  await waitForLiveStream(page);
  const liveId = await createLive(orgId, { kind: "run.success", title: `Run #9005 of Bell ${tag} succeeded live`, data: { runId: 9005 } });
  await expect(bell).toHaveAccessibleName("Notifications, 3 unread");
  await bell.click();
  await expect(items.first()).toHaveAttribute("data-notification-id", String(liveId));
  await expect(items.first()).toContainText("just now");

  // Mark all read: the badge goes, every item reads as read.
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await expect(panel.locator('[data-read="false"]')).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  expect(await unreadInDb(orgId)).toBe(0);
  await shootAsIs(page, "notifications-bell-all-read");
});

test("the bell caps its badge at 99+", async ({ page }) => {
  const orgId = await ownerOrgId();
  const tag = uid();
  await seed(orgId, Array.from({ length: 120 }, (_, i) => ({ kind: "run.success", title: `Bulk ${tag} run ${i} succeeded`, data: { runId: 10_000 + i }, secondsAgo: (300 + i) * 60 })));
  await page.goto("/");
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 120 unread");
  await expect(page.getByTestId("notification-badge")).toHaveText("99+");
  // The sidebar's header: the badge sits over the bell's corner, outside the button's own box.
  await shootAsIs(page, "notifications-bell-99plus", { clip: { x: 0, y: 0, width: 260, height: 72 } });
});

test("the Notifications page: kind tabs, unread only, Load more, live rows, mark all read", async ({ page }) => {
  const orgId = await ownerOrgId();
  const tag = uid();
  // 25 replies (more than one page of 20), the 5 newest unread, and two failed runs that the replies tab leaves out.
  await seed(
    orgId,
    Array.from({ length: 25 }, (_, i) => ({
      kind: "reply.received",
      title: `Reply ${tag} number ${String(i + 1).padStart(2, "0")}`,
      body: i === 0 ? "Thanks! Which retry settings do you use?" : null,
      data: { threadId: 20_000 + i, author: `user${i}` },
      // Seconds old: newer than anything other tests left, so the first page of replies is all this test's.
      secondsAgo: 10 + i,
      read: i >= 5,
    })),
  );
  await seed(orgId, [
    { kind: "run.failed", title: `Failed ${tag} A`, body: "The agent exited with code 1 before finishing.", data: { runId: 30_001, failureReason: "agent_crashed" }, secondsAgo: 5 },
    { kind: "run.failed", title: `Failed ${tag} B`, data: { runId: 30_002, failureReason: "timeout" }, secondsAgo: 7, read: true },
  ]);

  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Notification kinds" });
  await tabs.getByRole("link", { name: "Replies" }).click();
  await expect(page).toHaveURL(/\/notifications\?kind=reply\.received$/);
  await expect(tabs.getByRole("link", { name: "Replies" })).toHaveAttribute("aria-current", "page");

  const list = page.getByRole("list", { name: "Notifications" });
  const mine = list.locator("[data-notification-id]").filter({ hasText: `Reply ${tag}` });
  await expect(mine).toHaveCount(20);
  await expect(list).not.toContainText(`Failed ${tag}`);
  await expect(mine.first()).toContainText(`Reply ${tag} number 01`);
  await expect(mine.first()).toHaveAttribute("data-read", "false");
  await expect(list.locator('[data-read="false"]').filter({ hasText: `Reply ${tag}` })).toHaveCount(5);
  await expect(mine.first().getByRole("link")).toHaveAttribute("href", "/conversations/20000");

  // Load more follows the keyset cursor until the last page.
  const loadMore = page.getByRole("button", { name: "Load more" });
  await expect(loadMore).toBeVisible();
  while (await loadMore.isVisible()) {
    const before = await list.locator("[data-notification-id]").count();
    await loadMore.click();
    await expect.poll(() => list.locator("[data-notification-id]").count()).toBeGreaterThan(before);
  }
  await expect(mine).toHaveCount(25);
  await expect(mine.last()).toContainText(`Reply ${tag} number 25`);
  await expect(list).not.toContainText(`Failed ${tag}`);

  // Unread only, in the URL too.
  await page.getByRole("switch", { name: "Unread only" }).click();
  await expect(page.getByRole("switch", { name: "Unread only" })).toHaveAttribute("aria-checked", "true");
  await expect(page).toHaveURL(/kind=reply\.received&unread=1$/);
  await expect(mine).toHaveCount(5);
  await expect(list.locator('[data-read="true"]')).toHaveCount(0);
  await expect(page.getByTestId("unread-count")).toHaveText("6 unread");
  await shoot(page, "notifications-page-replies-unread");

  // Live: a new reply is prepended; a new failed run is counted but not listed under Replies.
  await waitForLiveStream(page);
  const liveReply = await createLive(orgId, { kind: "reply.received", title: `Live reply ${tag}`, data: { threadId: 20_100 } });
  await expect(list.locator("[data-notification-id]").first()).toHaveAttribute("data-notification-id", String(liveReply));
  await expect(page.getByTestId("unread-count")).toHaveText("7 unread");
  await createLive(orgId, { kind: "run.failed", title: `Live failure ${tag}`, data: { runId: 30_003, failureReason: "timeout" } });
  await expect(page.getByTestId("unread-count")).toHaveText("8 unread");
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 8 unread");
  await expect(list).not.toContainText(`Live failure ${tag}`);

  // Reading one row from the page updates the bell too.
  await list.getByRole("button", { name: `Mark read: Reply ${tag} number 02` }).click();
  await expect(list.locator("[data-notification-id]").filter({ hasText: `Reply ${tag} number 02` })).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 7 unread");

  // Another tab: only failed runs.
  await tabs.getByRole("link", { name: "Stopped runs" }).click();
  await expect(page).toHaveURL(/kind=run\.failed&unread=1$/);
  await expect(list).toContainText(`Live failure ${tag}`);
  await expect(list).toContainText(`Failed ${tag} A`);
  await expect(list).not.toContainText(`Failed ${tag} B`);
  await expect(list).not.toContainText(`Reply ${tag}`);
  await page.getByRole("switch", { name: "Unread only" }).click();
  await expect(page).toHaveURL(/\/notifications\?kind=run\.failed$/);
  await expect(list).toContainText(`Failed ${tag} B`);
  await shoot(page, "notifications-page-failed");

  // Mark all read from the page: rows, the count and the bell agree.
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByTestId("unread-count")).toHaveText("Nothing unread");
  await expect(list.locator('[data-read="false"]')).toHaveCount(0);
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, none unread");
  expect(await unreadInDb(orgId)).toBe(0);

  // An empty filter says so, and offers the way back.
  await page.goto("/notifications?kind=run.success&unread=1");
  await expect(page.getByRole("heading", { name: "Nothing unread in finished runs" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Show all notifications" })).toHaveAttribute("href", "/notifications");
  await shoot(page, "notifications-page-empty-filter");

  await page.goto("/notifications");
  await shoot(page, "notifications-page-all", { fullPage: false });
});

test("what needs a person is unread: a run that drafted is one item, a run with nothing is read; a new member starts at zero", async ({ page, browser }) => {
  const orgId = await ownerOrgId();
  const tag = uid();
  // What the end of three runs writes (lib/notifications/notify-run-ended.ts): a success that drafted, grouped into its
  // "drafts waiting"; a success with nothing, read; a run that stopped, unread. Fractions of a second old: the bell's
  // newest whatever earlier tests left, and older than the teammate who joins below.
  const [waitingId] = await seed(orgId, [{ kind: "drafts.created", title: `2 drafts waiting for review from Group ${tag}`, data: { runId: 40_001, draftIds: [1, 2], count: 2 }, secondsAgo: 0.4 }]);
  await seed(orgId, [
    { kind: "run.success", title: `Group ${tag}: Drafted 2 messages`, data: { runId: 40_001 }, secondsAgo: 0.4, read: true, groupedInto: waitingId },
    { kind: "run.success", title: `Group ${tag}: Finished: nothing new to draft`, data: { runId: 40_002 }, secondsAgo: 0.3, read: true },
    { kind: "run.failed", title: `Run of Group ${tag} stopped: Sign-in expired`, data: { runId: 40_003, failureReason: "auth_expired" }, secondsAgo: 0.2 },
  ]);
  await page.goto("/");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
  await bell.click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel.getByText(`2 drafts waiting for review from Group ${tag}`)).toBeVisible();
  await expect(panel.getByText(`Group ${tag}: Drafted 2 messages`)).toHaveCount(0);
  await expect(panel.locator("[data-notification-id]").filter({ hasText: `Group ${tag}: Finished` })).toHaveAttribute("data-read", "true");
  await shootAsIs(page, "notifications-bell-grouped");
  await page.keyboard.press("Escape");

  // A teammate invited now: the list is there, already read; nothing is unread for them until something new comes.
  const invite = await page.request.post("/api/invites", { data: { role: "member" } });
  expect(invite.status(), await invite.text()).toBe(201);
  const { token } = (await invite.json()) as { token: string };
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: `http://127.0.0.1:${E2E_PORT}` });
  try {
    const mate = { username: `mate_${uid()}`, password: "mate-password-123" };
    const joined = await context.request.post("/api/auth/signup", { data: { ...mate, inviteToken: token } });
    expect(joined.status(), await joined.text()).toBe(201);
    const teammate = await context.newPage();
    await teammate.goto("/notifications");
    await expect(teammate.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, none unread");
    await expect(teammate.getByTestId("unread-count")).toHaveText("Nothing unread");
    const list = teammate.getByRole("list", { name: "Notifications" });
    await expect(list.locator("[data-notification-id]").filter({ hasText: `Run of Group ${tag} stopped` })).toHaveAttribute("data-read", "true");
    await waitForLiveStream(teammate);
    await createLive(orgId, { kind: "reply.received", title: `Reply for the team ${tag}`, data: { threadId: 40_100 } });
    await expect(teammate.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 1 unread");
    await shoot(teammate, "notifications-new-member");
  } finally {
    await context.close();
  }
  // The owner still has what was waiting before, and the new reply.
  await page.reload();
  await expect(bell).toHaveAccessibleName("Notifications, 3 unread");
});
