// Desktop and laptop widths (1440x900 and 1024x768, sidebar included): the campaign page's Run now sits at the
// header's top right, the contacts table fits its card with long handles, and the inbox's filters and table keep
// their shape at 1024 px. No page scrolls sideways.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { cli, created, databaseUrl, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";

type Box = { x: number; y: number; width: number; height: number };

// Handles with nothing to break on, as platforms allow them (200 characters is the API's limit).
const longHandle = (prefix: string, u: string) => `${prefix}_${u}_${"thequickbrownfoxjumpsoverthelazydog".repeat(3)}`;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, "element has a box").not.toBeNull();
  return b!;
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} scrolls sideways by ${scrollWidth - clientWidth}px`).toBeLessThanOrEqual(clientWidth);
}

/** The table is no wider than the box around it: nothing to scroll inside the card either. */
async function expectTableFits(table: Locator) {
  const { tableWidth, wrapperWidth } = await table.evaluate((el) => ({
    tableWidth: el.scrollWidth,
    wrapperWidth: el.parentElement!.clientWidth,
  }));
  expect(tableWidth, `the table is ${tableWidth - wrapperWidth}px wider than its card`).toBeLessThanOrEqual(wrapperWidth);
}

/** The page's content column (inside the layout's padding): where a header's right edge is. */
async function contentBox(page: Page): Promise<Box> {
  return page.locator("#main > div").evaluate((el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    const left = r.left + parseFloat(s.paddingLeft);
    return { x: left, y: r.top, width: r.right - parseFloat(s.paddingRight) - left, height: r.height };
  });
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}

async function seedCampaign(request: APIRequestContext, u: string, { name, config }: { name: string; config?: Record<string, unknown> }) {
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Widths ${u}` } }));
  const account = await created<{ id: number }>(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `widths_${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG, ...(config ? { config } : {}) } }),
  );
  return { projectId: project.id, accountId: account.id, campaignId: campaign.id };
}

const READY_CONFIG = { audience: "maintainers", communities: ["devops"], tone: "Plain", offer: "A helper", rules: [], maxDraftsPerRun: 3 };

test.describe("the campaign header", () => {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 1024, height: 768 }]) {
    test(`Run now sits at the header's top right at ${viewport.width} px, with and without a reason under it`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const u = uid();
      // A ready campaign (Run now alone) and one missing its profile (Run now disabled with the reason under it).
      const ready = await seedCampaign(page.request, u, { name: `Header ready ${u}`, config: READY_CONFIG });
      const blocked = await seedCampaign(page.request, `${u}b`, { name: `Header blocked ${u}` });
      for (const [label, id] of [["ready", ready.campaignId], ["blocked", blocked.campaignId]] as const) {
        await page.goto(`/campaigns/${id}`);
        const title = page.getByRole("heading", { level: 1 });
        const runNow = page.getByRole("button", { name: "Run now" });
        await expect(runNow).toBeVisible();
        if (label === "blocked") await expect(runNow).toBeDisabled();
        const [t, b, h] = [await box(title), await box(runNow), await contentBox(page)];
        // Beside the title, on its row: the button's middle is within the title line, not under the description.
        expect(Math.abs(b.y + b.height / 2 - (t.y + Math.min(t.height, 32) / 2)), `${label}: Run now is ${b.y - t.y}px below the title's top`).toBeLessThanOrEqual(6);
        // Flush with the header's right edge, as every page's actions are.
        expect(Math.abs(b.x + b.width - (h.x + h.width)), `${label}: Run now ends ${h.x + h.width - b.x - b.width}px before the right edge`).toBeLessThanOrEqual(1);
        expect(overlap(t, b)).toBe(false);
        await expectNoSidewaysScroll(page);
        if (viewport.width === 1440) await shoot(page, `campaign-header-${label}`, { fullPage: false });
        else await shoot(page, `campaign-header-${label}-1024`, { fullPage: false });
      }
    });
  }

  test("on a phone the actions wrap under the title, whole and inside the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const u = uid();
    const blocked = await seedCampaign(page.request, u, { name: `Header phone ${u}` });
    await page.goto(`/campaigns/${blocked.campaignId}`);
    const [t, b] = [await box(page.getByRole("heading", { level: 1 })), await box(page.getByRole("button", { name: "Run now" }))];
    expect(b.y).toBeGreaterThanOrEqual(t.y + t.height - 1);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);
    await shoot(page, "campaign-header-phone", { fullPage: false });
  });
});

test("the contacts and threads tables fit their cards at 1440 px with long handles", async ({ page }) => {
  const u = uid();
  const s = await seedCampaign(page.request, u, { name: `Contacts width ${u}` });
  const person = longHandle("person", u).toLowerCase();
  const account = longHandle("account", u);
  const file = path.join(os.tmpdir(), `widths-thread-${u}.json`);
  fs.writeFileSync(file, JSON.stringify([{ kind: "dm", accountId: s.accountId, targetUser: person, body: "Hello there.", qualityScore: 70 }]));
  const draftId = (JSON.parse(cli(["drafts:create", "--campaign", String(s.campaignId), "--file", file])) as { created: { id: number }[] }).created[0]!.id;
  fs.rmSync(file, { force: true });
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    // Contact rows and threads are written by sends and synced replies; seeded straight so the handles can be as long
    // as a platform allows.
    await db.query(
      `INSERT INTO contact_history (organization_id, platform, target_user, account_handle, project_id, first_contacted_at, last_contacted_at, outcome)
       SELECT organization_id, 'forum', $2, $3, id, now() - interval '3 days', now(), 'replied' FROM projects WHERE id = $1`,
      [s.projectId, person, account],
    );
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
       SELECT organization_id, 'forum', $2, target_user, 'dm', id, now(), 2 FROM drafts WHERE id = $1 RETURNING id`,
      [draftId, account],
    );
    await db.query(
      `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at)
       SELECT organization_id, id, 'inbound', target_user, $2, now() FROM conversation_threads WHERE id = $1`,
      [rows[0]!.id, `Thanks! ${"Our pipeline retries every flaky step twice before it fails the build. ".repeat(3)}`],
    );
  } finally {
    await db.end();
  }

  await page.goto("/people?tab=contacts");
  const contacts = page.getByRole("table", { name: "Contacts" });
  const row = contacts.getByRole("row").filter({ hasText: person.slice(0, 30) });
  await expect(row).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectTableFits(contacts);
  // The whole handle stays reachable: on screen or in the cell's title.
  const cell = row.getByRole("cell").first();
  expect((await cell.innerText()).trim() === person || (await cell.locator(`[title="${person}"]`).count()) === 1).toBe(true);
  // At this width a date keeps to one line.
  const dateLines = await row.getByRole("cell").nth(2).evaluate((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(dateLines).toBe(1);
  await shoot(page, "people-contacts-long", { fullPage: false });

  await page.goto("/people");
  const threads = page.getByRole("table", { name: "Threads" });
  await expect(threads.locator(`a[title="${person}"]`)).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectTableFits(threads);
  await shoot(page, "people-threads-long", { fullPage: false });
});

test.describe("the inbox at laptop widths", () => {
  for (const viewport of [{ width: 1024, height: 768 }, { width: 1440, height: 900 }]) {
    test(`filters wrap without overlapping and the table keeps readable columns at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const u = uid();
      const s = await seedCampaign(page.request, u, {
        name: `Inbox width campaign with a long name for the filter and the column ${u}`.slice(0, 120),
      });
      const file = path.join(os.tmpdir(), `widths-drafts-${u}.json`);
      const body =
        "Saw your thread on slow CI builds. We ended up caching layers per branch and cut the time in half; happy to share the config and the numbers if that would help your team.";
      fs.writeFileSync(
        file,
        JSON.stringify([
          { kind: "dm", accountId: s.accountId, targetUser: longHandle("target", u), body, qualityScore: 82 },
          { kind: "post_comment", accountId: s.accountId, targetUser: `commenter_${u}`, targetCommunity: longHandle("community", u), body, qualityScore: 40, variants: [`${body} (B)`] },
        ]),
      );
      const out = JSON.parse(cli(["drafts:create", "--campaign", String(s.campaignId), "--file", file])) as { created: { id: number }[] };
      fs.rmSync(file, { force: true });
      const firstId = out.created[0]!.id;

      // A project filter keeps the long campaign in the list; the rows are this test's own.
      await page.goto(`/inbox?project=${s.projectId}`);
      const row = page.locator(`tr[data-draft-id="${firstId}"]`);
      await expect(row).toBeVisible();
      await expectNoSidewaysScroll(page);

      // Every filter control and the buttons beside the state tabs have a box of their own.
      const controls = [
        page.locator("#filter-project"), page.locator("#filter-campaign"), page.locator("#filter-platform"), page.locator("#filter-kind"),
        page.locator("#filter-min-quality"), page.locator("#filter-sort"),
        page.getByRole("navigation", { name: "Draft state" }), page.getByRole("button", { name: "Clear filters" }),
        page.getByRole("link", { name: /Export/ }),
      ];
      const boxes = await Promise.all(controls.map(box));
      for (let i = 0; i < boxes.length; i++) {
        expect(boxes[i]!.width, `control ${i} is squeezed`).toBeGreaterThan(60);
        expect(boxes[i]!.x + boxes[i]!.width).toBeLessThanOrEqual(viewport.width);
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!), `controls ${i} and ${j} overlap`).toBe(false);
      }
      // Each state tab keeps its label on one line.
      for (const tab of await page.getByRole("navigation", { name: "Draft state" }).getByRole("link").all()) {
        expect((await box(tab)).height).toBeLessThan(44);
      }

      const table = page.getByRole("table", { name: "Drafts" });
      await expectTableFits(table);
      // Readable columns: the draft text has room for a sentence per line, and nothing spills out of its cell.
      const draftBody = page.locator(`#draft-body-${firstId}`);
      expect((await box(draftBody)).width, "the draft column is squeezed").toBeGreaterThanOrEqual(280);
      for (const cell of await row.locator(":scope > td").all()) {
        const c = await box(cell);
        // How far anything shows past the cell's right edge (text cut off inside a clipping box does not show).
        const spill = await cell.evaluate((td) => {
          const edge = td.getBoundingClientRect().right;
          const shown = (el: Element) => {
            let right = el.getBoundingClientRect().right;
            for (let a = el.parentElement; a && a !== td; a = a.parentElement) {
              if (getComputedStyle(a).overflowX !== "visible") right = Math.min(right, a.getBoundingClientRect().right);
            }
            return right;
          };
          return Math.max(0, ...[...td.querySelectorAll("*")].map((el) => shown(el) - edge));
        });
        expect(spill, `something spills ${spill}px out of a cell ${Math.round(c.width)}px wide`).toBeLessThanOrEqual(0.5);
      }
      // The actions wrap as whole buttons: none is narrower than its label.
      for (const button of await row.getByRole("button").all()) {
        const fits = await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
        expect(fits, `${await button.innerText()} is cut`).toBe(true);
      }
      await shoot(page, `inbox-${viewport.width}`, { fullPage: false });
    });
  }
});
