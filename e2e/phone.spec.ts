// The dashboard on a phone (390x844): the sidebar is a top bar with a menu, the inbox a list of cards with touch-sized
// actions, and no page scrolls sideways. A reviewer approves and edits drafts, opens a thread and approves its
// drafted reply, and navigates through the menu.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { cli, created, databaseUrl, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_PORT, E2E_ARTIFACTS } from "../playwright.config";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** A project, forum account and fake-agent campaign with these DMs drafted (the CLI creates drafts as a run would). */
async function seed(request: APIRequestContext, bodies: string[]) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Phone ${u}` } }));
  const account = await created<{ id: number }>(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `phone_${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Phone scout ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG } }),
  );
  const file = path.join(os.tmpdir(), `phone-drafts-${u}.json`);
  fs.writeFileSync(file, JSON.stringify(bodies.map((body, i) => ({ kind: "dm", accountId: account.id, targetUser: `person${i}_${u}`, body, qualityScore: 80 }))));
  const out = JSON.parse(cli(["drafts:create", "--campaign", String(campaign.id), "--file", file])) as { created: { id: number }[] };
  fs.rmSync(file, { force: true });
  return { u, campaignId: campaign.id, ids: out.created.map((c) => c.id) };
}

/** Pages that must fit the phone's width: the sidebar's destinations and the detail pages seeded below. */
async function noSidewaysScroll(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${url} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test("the menu opens as a drawer, navigates and closes; no page scrolls sideways at 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  const s = await seed(page.request, ["Hi, your note on flaky CI builds matched what we saw; happy to compare notes on retries."]);
  await page.goto("/");
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toBeVisible();
  // Closed, the drawer's links are out of reach.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await menu.click();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  await expect(page.getByText("Signed in as")).toBeVisible();
  // Plain screenshots (shoot() reloads the page, which closes the drawer), once the drawer has slid fully in.
  const settled = () => expect.poll(async () => (await page.locator("#app-sidebar").boundingBox())?.x).toBe(0);
  await settled();
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/phone-menu-light.png` });
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await menu.click();
  await settled();
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/phone-menu-dark.png` });
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  // A tap beside the drawer closes it.
  await page.mouse.click(375, 500);
  await expect(nav).toBeHidden();
  await menu.click();
  await nav.getByRole("link", { name: "Inbox" }).click();
  await expect(page).toHaveURL(/\/inbox/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  // Escape closes it too, and gives focus back to the menu button.
  await menu.click();
  await expect(nav).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  for (const url of ["/", "/inbox", "/people", "/campaigns", "/projects", "/playbooks", "/audit", "/notifications", "/settings", "/settings/members", "/settings/webhooks", "/settings/api-keys", `/campaigns/${s.campaignId}`, "/api/docs"]) {
    await noSidewaysScroll(page, url);
  }
  for (const [name, url] of [["home", "/"], ["campaign", `/campaigns/${s.campaignId}`], ["settings", "/settings"]] as const) {
    await page.goto(url);
    await shoot(page, `phone-${name}`, { fullPage: false });
  }
});

test("a reviewer approves and edits drafts from the inbox's cards, with a bulk bar at the bottom", async ({ page }) => {
  const s = await seed(page.request, [
    "Saw your thread on slow CI builds. We ended up caching layers per branch; happy to share the config if useful.",
    "Your post on container sizes was great. We built a CLI that trims images; curious whether it would help you.",
    "Loved the talk on on-call rotations. We wrote up how we cut pages by half; want the link?",
  ]);
  const [first, second, third] = s.ids as [number, number, number];
  await page.goto(`/inbox?campaign=${s.campaignId}`);
  const card = (id: number) => page.locator(`tr[data-draft-id="${id}"]`);
  await expect(card(first)).toBeVisible();
  // A card, not a squeezed row: the body is readable at the phone's width and the actions are touch-sized.
  const box = (await card(first).boundingBox())!;
  expect(box.width).toBeGreaterThan(330);
  const approve = card(first).getByRole("button", { name: `Approve draft ${first}` });
  expect((await approve.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // The filters fold away behind one button.
  await expect(page.getByLabel("Project")).toBeHidden();
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  await expect(page.getByLabel("Project")).toBeVisible();
  await page.getByRole("button", { name: "Hide filters" }).click();
  await shoot(page, "phone-inbox", { fullPage: false });

  await approve.click();
  await expect.poll(async () => ((await (await page.request.get(`/api/drafts/${first}`)).json()) as { state: string }).state).toBe("approved");

  await card(second).getByRole("button", { name: `Edit draft ${second}` }).click();
  await page.getByLabel(`Body of draft ${second}`).fill("A shorter note: our CLI trims images by 60%. Want a link?");
  await card(second).getByRole("button", { name: "Save" }).click();
  await expect(card(second).getByText("A shorter note: our CLI trims images by 60%. Want a link?")).toBeVisible();

  // Selecting a card brings the bulk bar up at the bottom of the screen.
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk).toBeHidden();
  await card(third).getByRole("checkbox", { name: `Select draft ${third}` }).check();
  await expect(bulk).toBeVisible();
  const bar = (await bulk.boundingBox())!;
  expect(bar.y + bar.height).toBeGreaterThan(844 - 60);
  // (A plain screenshot: shoot() reloads, which would drop the selection.)
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/phone-inbox-selected-light.png` });
  await bulk.getByRole("button", { name: "Approve selected" }).click();
  await expect.poll(async () => ((await (await page.request.get(`/api/drafts/${third}`)).json()) as { state: string }).state).toBe("approved");
});

test("a reviewer opens a thread on the phone and approves the drafted reply", async ({ page, request }) => {
  test.setTimeout(90_000);
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const s = await seed(request, ["Hi! Your write-up on flaky CI matched what we saw last quarter; happy to compare notes."]);
    const draftId = s.ids[0]!;
    expect((await request.patch(`/api/drafts/${draftId}`, { data: { state: "sent" } })).status()).toBe(200);
    const { rows } = await db.query<{ organization_id: number; target_user: string }>("SELECT organization_id, target_user FROM drafts WHERE id = $1", [draftId]);
    const { organization_id: orgId, target_user: target } = rows[0]!;
    const drafted = "We only retry steps that failed on network errors, and every retry is logged. Want the snippet?";
    await db.query(
      `INSERT INTO playbooks (organization_id, slug, title, body, updated_at) VALUES ($1, 'reply-drafter', 'Reply drafter', $2, now())
       ON CONFLICT (organization_id, slug) DO UPDATE SET body = EXCLUDED.body, updated_at = now()`,
      [orgId, `Scripted reply-drafter.\n\n\`\`\`fake-agent\n${JSON.stringify({ steps: [{ tool: "reply_draft_start" }, { tool: "reply_draft_finish", args: { body: drafted, qualityScore: 82 } }] })}\n\`\`\`\n`],
    );
    const out = JSON.parse(
      cli(["replies:record", String(draftId), "--author", target, "--body", "Thanks! How do you keep retries from hiding real failures?", "--external-id", `t4_${s.u}`, "--org", String(orgId)], {
        OUTREACH_TOOL_SERVER_URL: `http://127.0.0.1:${E2E_PORT}/api/mcp`,
        OUTREACH_EXTRA_BACKENDS: path.resolve(E2E_ARTIFACTS, "backends.json"),
      }),
    ) as { threadId: number; replyDraftId: number; run: { status: string } };
    expect(out.run.status).toBe("success");

    await page.goto(`/conversations/${out.threadId}`);
    await noSidewaysScroll(page, `/conversations/${out.threadId}`);
    const reply = page.locator(`section[data-reply-id="${out.replyDraftId}"]`);
    await expect(reply).toContainText(drafted);
    await shoot(page, "phone-thread", { fullPage: false });
    const approve = reply.getByRole("button", { name: "Approve" });
    expect((await approve.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await approve.click();
    await expect(reply.getByText("Approved", { exact: true })).toBeVisible();
  } finally {
    await db.end();
  }
});
