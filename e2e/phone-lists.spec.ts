// The smaller things a reviewer meets on a phone and on long pages: People as cards at 390 px (one list in the page),
// the playbook editor's Save in a sticky bar with the unsaved state, the webhook endpoint titled by its description
// or host, and a delivery payload that wraps instead of scrolling sideways.
import pg from "pg";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";
import { E2E_ARTIFACTS } from "../playwright.config";

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test("People and Campaigns as cards on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [url, name] of [["/people?tab=contacts", "Contacts"], ["/people", "Threads"]] as const) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    // Cards when there are rows; the empty state otherwise. Never the wide table.
    await expect(page.getByRole("table", { name })).toHaveCount(0);
    await noSidewaysScroll(page);
  }
  await page.goto("/people");
  await shoot(page, "people-390");
  await page.goto("/campaigns");
  await expect(page.getByRole("table", { name: "Campaigns" })).toBeHidden();
  await noSidewaysScroll(page);
  await shoot(page, "campaigns-390");

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/people");
  await shoot(page, "people-1440");
});

test("the playbook editor's Save stays in view with the unsaved state", async ({ page }) => {
  const u = uid();
  const body = `# Long playbook ${u}\n\n${Array.from({ length: 120 }, (_, i) => `${i + 1}. Step number ${i + 1} of a long playbook.`).join("\n")}\n`;
  const playbook = await created<{ id: number }>(await page.request.post("/api/playbooks", { data: { title: `Long ${u}`, slug: `long-${u}`, body } }));
  await page.goto(`/playbooks/${playbook.id}`);
  const bar = page.getByRole("region", { name: "Save playbook" });
  const editor = page.getByLabel("Markdown");
  await expect(editor).toBeEditable();
  await editor.fill(`${body}One more step.\n`);
  await expect(bar).toContainText("Unsaved changes");
  // In view without scrolling: the bar sits inside the window whatever the page's length.
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(900);
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/playbook-sticky-save-light.png` });
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(bar).toContainText("Saved");
  await expect(bar).not.toContainText("Unsaved changes");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "playbook-editor-390", { fullPage: false });
});

test("a webhook endpoint is titled by its description or host, and a delivery's payload wraps", async ({ page }) => {
  const u = uid();
  const described = await created<{ endpoint: { id: number; webhookId: string } }>(
    await page.request.post("/api/webhooks/endpoints", { data: { url: `https://hooks.example.com/outreach/${u}`, description: `CRM sync ${u}` } }),
  );
  const bare = await created<{ endpoint: { id: number; webhookId: string } }>(await page.request.post("/api/webhooks/endpoints", { data: { url: `https://crm-${u}.example.net/in` } }));

  await page.goto(`/settings/webhooks/${described.endpoint.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`CRM sync ${u}`);
  await page.goto(`/settings/webhooks/${bare.endpoint.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`crm-${u}.example.net`);
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText(bare.endpoint.webhookId);

  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  let deliveryId: number;
  try {
    const ep = (await db.query<{ organization_id: number; webhook_id: string }>("SELECT organization_id, webhook_id FROM webhook_endpoints WHERE id = $1", [described.endpoint.id])).rows[0]!;
    const payload = { type: "draft.approved", data: { body: `x${"verylongunbrokenword".repeat(40)}`, url: `https://example.com/${"a".repeat(300)}` } };
    deliveryId = (
      await db.query<{ id: number }>(
        `INSERT INTO webhook_deliveries (organization_id, endpoint_id, webhook_id, event_type, message_id, status, attempts, max_attempts, next_attempt_at, delivered_at, payload)
         VALUES ($1, $2, $3, 'draft.approved', $4, 'delivered'::"DeliveryStatus", 1, 8, now(), now(), $5::jsonb) RETURNING id`,
        [ep.organization_id, described.endpoint.id, ep.webhook_id, `msg_wrap_${u}`, JSON.stringify(payload)],
      )
    ).rows[0]!.id;
  } finally {
    await db.end();
  }
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/settings/webhooks/${described.endpoint.id}/deliveries/${deliveryId}`);
    const pre = page.getByTestId("delivery-payload");
    await expect(pre).toContainText("verylongunbrokenword");
    // Wrapped: nothing in the payload is wider than its box.
    expect(await pre.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await noSidewaysScroll(page);
    await expect(page.getByRole("link", { name: `CRM sync ${u}: delivery log` })).toBeVisible();
    await shoot(page, `webhook-delivery-wrap-${width}`);
  }
  // The organization is shared with webhooks.spec.ts, which starts from no endpoints.
  for (const e of [described, bare]) expect((await page.request.delete(`/api/webhooks/endpoints/${e.endpoint.id}`)).ok()).toBe(true);
});
