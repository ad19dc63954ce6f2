// Settings > Webhooks against the real server (jobs are off here, so nothing is sent and a test event stays pending):
// an endpoint added in the browser shows its secret once, Send test event puts a pending delivery in the log, a dead
// delivery seeded with its attempts is retried back to pending with 0 attempts, a delivered one is replayed as a new
// delivery, the secret is rotated and revealed through confirmation dialogs, and the endpoint is deleted through its
// dialog. A member is told that only admins manage webhooks, and the API refuses them.
import { randomBytes, scryptSync } from "node:crypto";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import pg from "pg";
import { created, databaseUrl, shoot, uid } from "./helpers";
import { OWNER } from "./global-setup";
import { E2E_ARTIFACTS } from "../playwright.config";

async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/** Light and dark without a reload, for states a reload would lose (a secret shown once, an open dialog). */
async function shootAsIs(page: Page, name: string, target?: Locator) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      (window as unknown as { __applyTheme?: () => void }).__applyTheme?.();
    }, theme);
    await (target ?? page).screenshot({ path: `${E2E_ARTIFACTS}/screens/${name}-${theme}.png`, animations: "disabled" });
  }
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    (window as unknown as { __applyTheme?: () => void }).__applyTheme?.();
  });
}

const PAYLOAD = (type: string, orgId: number, data: Record<string, unknown>) => ({
  id: `ntf_e2e_${uid()}`,
  type,
  created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
  organization_id: orgId,
  data,
});

/** A dead delivery after 8 failed attempts and a delivered one, as the workers would have left them. */
async function seedDeliveries(endpointId: number): Promise<{ deadId: number; deliveredId: number }> {
  return withDb(async (db) => {
    const ep = (await db.query<{ organization_id: number; webhook_id: string }>("SELECT organization_id, webhook_id FROM webhook_endpoints WHERE id = $1", [endpointId])).rows[0]!;
    const insert = async (status: "dead" | "delivered", eventType: string, attempts: number, lastStatus: number, lastError: string | null, data: Record<string, unknown>) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO webhook_deliveries (organization_id, endpoint_id, webhook_id, event_type, message_id, status, attempts, max_attempts,
                                           last_error, last_status, next_attempt_at, delivered_at, payload, created_at)
           VALUES ($1, $2, $3, $4, $5, $6::"DeliveryStatus", $7, 8, $8, $9, now(), CASE WHEN $6 = 'delivered' THEN now() - interval '1 hour' END,
                   $10::jsonb, now() - interval '2 hours')
           RETURNING id`,
          [ep.organization_id, endpointId, ep.webhook_id, eventType, `msg_ntf_e2e_${uid()}`, status, attempts, lastError, lastStatus, JSON.stringify(PAYLOAD(eventType, ep.organization_id, data))],
        )
      ).rows[0]!.id;
    const deadId = await insert("dead", "run.failed", 8, 500, "HTTP 500", { runId: 41, campaignId: 7, projectId: 3, failureReason: "agent_crashed" });
    await db.query(
      `INSERT INTO webhook_attempts (organization_id, delivery_id, attempt, started_at, duration_ms, status_code, error, response_excerpt)
       SELECT $1, $2, g, now() - interval '2 hours' + g * interval '7 minutes', 40 + g * 13,
              CASE WHEN g <= 3 THEN NULL ELSE 500 END,
              CASE WHEN g <= 3 THEN 'connection refused by hooks.example.com:443' ELSE 'HTTP 500' END,
              CASE WHEN g <= 3 THEN NULL ELSE '{"error":"database is down"}' END
         FROM generate_series(1, 8) g`,
      [ep.organization_id, deadId],
    );
    const deliveredId = await insert("delivered", "reply.received", 1, 200, null, { threadId: 12, messageId: 99, author: "gina", platform: "forum" });
    await db.query(
      `INSERT INTO webhook_attempts (organization_id, delivery_id, attempt, started_at, duration_ms, status_code, error, response_excerpt)
       VALUES ($1, $2, 1, now() - interval '1 hour', 87, 200, NULL, 'ok')`,
      [ep.organization_id, deliveredId],
    );
    return { deadId, deliveredId };
  });
}

test("add an endpoint, see its secret once, test it, retry and replay deliveries", async ({ page, context, baseURL }) => {
  const u = uid();
  const url = `https://hooks.example.com/outreach/${u}?token=abc`;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });

  await page.goto("/settings");
  const settingsCard = page.locator("section").filter({ has: page.getByRole("heading", { name: "Webhooks", exact: true }) });
  await settingsCard.scrollIntoViewIfNeeded();
  await settingsCard.getByRole("link", { name: "Manage webhooks" }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No endpoints yet" })).toBeVisible();
  await shoot(page, "webhooks-empty");

  // A bad URL is refused next to its field.
  const form = page.getByRole("form", { name: "Add endpoint" });
  await form.getByLabel("Endpoint URL").fill("not a url");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByText("Enter a full URL")).toBeVisible();

  await form.getByLabel("Endpoint URL").fill(url);
  await form.getByLabel("Description").fill(`E2E receiver ${u}`);
  await form.getByLabel("Run stopped").check();
  await form.getByLabel("Reply received").check();
  await form.getByRole("button", { name: "Add endpoint" }).click();

  // The secret, once, with Copy.
  const panel = page.getByTestId("secret-panel");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("you will not see it again");
  const secret = (await panel.getByTestId("secret-value").textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await panel.getByRole("button", { name: "Copy" }).click();
  await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const card = page.getByTestId("endpoint-card");
  await expect(card).toHaveCount(1);
  // SPEC: the webhook id stands in for the URL in the UI. The host and the id, and the whole URL only on Reveal.
  await expect(card.getByTestId("endpoint-url")).toContainText("hooks.example.com");
  await expect(card).not.toContainText(`/outreach/${u}`);
  await expect(card).toContainText(`E2E receiver ${u}`);
  await expect(card.getByText("Run stopped")).toBeVisible();
  await expect(card.getByText("Reply received")).toBeVisible();
  await expect(card).toContainText(secret.slice(0, 12));
  const endpointId = Number(await card.getAttribute("data-endpoint-id"));
  await shootAsIs(page, "webhooks-secret-once");

  // Gone after a reload: nowhere on the page, only its prefix.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByTestId("secret-panel")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  // Neither rendered nor in the page's data: the URL (and the token in it) is nowhere in what the server sent.
  expect(await page.content()).not.toContain(`outreach/${u}`);
  await card.getByRole("button", { name: "Reveal URL" }).click();
  await expect(card.getByTestId("endpoint-url-full")).toHaveText(url);
  await shootAsIs(page, "webhooks-url-revealed", card);
  await page.setViewportSize({ width: 390, height: 844 });
  await shootAsIs(page, "webhooks-url-revealed-390", card);
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole("button", { name: "Hide URL" }).click();
  await expect(card.getByTestId("endpoint-url-full")).toHaveCount(0);
  await expect(card.getByTestId("endpoint-url")).toContainText("hooks.example.com");

  // Send test event: a pending delivery in the log (jobs are off here, so it stays pending).
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect(card.getByText(/Test event queued as delivery #\d+/)).toBeVisible();
  const testDeliveryId = Number((await card.getByText(/Test event queued as delivery #\d+/).textContent())!.match(/#(\d+)/)![1]);
  await expect(card.getByTestId("delivery-counts")).toContainText("1 pending");
  await shoot(page, "webhooks-endpoint");

  const webhookId = (await card.getAttribute("data-webhook-id"))!;
  await card.getByRole("link", { name: "Delivery log", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/settings/webhooks/${endpointId}$`));
  // The delivery log's header: the host and the webhook id; the URL only on Reveal.
  const header = page.getByTestId("endpoint-url");
  await expect(header).toContainText("hooks.example.com");
  await expect(header).toContainText(`id ${webhookId}`);
  expect(await page.content()).not.toContain(`outreach/${u}`);
  await header.getByRole("button", { name: "Reveal URL" }).click();
  await expect(header.getByTestId("endpoint-url-full")).toHaveText(url);
  const table = page.getByRole("table", { name: "Deliveries" });
  const row = (id: number) => table.getByRole("row").filter({ has: page.getByRole("link", { name: `Delivery ${id} details`, exact: true }) });
  await expect(row(testDeliveryId)).toContainText("webhook.test");
  await expect(row(testDeliveryId).getByTestId("delivery-status")).toHaveText("Pending");
  await expect(row(testDeliveryId).getByTestId("delivery-attempts")).toHaveText("0/1");
  await expect(row(testDeliveryId).getByRole("button", { name: /Retry/ })).toHaveCount(0);

  // A dead delivery with its 8 attempts and a delivered one, as the workers leave them.
  const { deadId, deliveredId } = await seedDeliveries(endpointId);
  await page.reload();
  await expect(row(deadId).getByTestId("delivery-status")).toHaveText("Dead");
  await expect(row(deadId).getByTestId("delivery-attempts")).toHaveText("8/8");
  await expect(row(deadId)).toContainText("HTTP 500");
  await expect(row(deliveredId).getByTestId("delivery-status")).toHaveText("Delivered");
  await expect(row(deliveredId).getByRole("button", { name: /Retry/ })).toHaveCount(0);
  await shoot(page, "webhooks-delivery-log");

  // Status chips filter the log.
  const chips = page.getByRole("navigation", { name: "Delivery status" });
  await chips.getByRole("link", { name: /^Dead/ }).click();
  await expect(page).toHaveURL(/status=dead$/);
  await expect(chips.getByRole("link", { name: /^Dead/ })).toHaveAttribute("aria-current", "page");
  await expect(table.getByRole("row")).toHaveCount(2); // the header and the dead one
  await expect(row(deadId)).toBeVisible();
  await chips.getByRole("link", { name: /^Delivered/ }).click();
  await expect(page).toHaveURL(/status=delivered$/);
  await expect(row(deliveredId)).toBeVisible();
  await expect(row(deadId)).toHaveCount(0);
  await chips.getByRole("link", { name: /^All/ }).click();
  await expect(row(deadId)).toBeVisible();

  // The dead one in detail: the payload as pretty JSON and its attempt log.
  await row(deadId).getByRole("link", { name: `Delivery ${deadId} details` }).click();
  await expect(page.getByRole("heading", { name: `Delivery #${deadId}` })).toBeVisible();
  await expect(page.getByTestId("delivery-payload")).toContainText('"type": "run.failed"');
  await expect(page.getByTestId("delivery-payload")).toContainText('"failureReason": "agent_crashed"');
  const attempts = page.getByRole("table", { name: "Attempts" });
  await expect(attempts.getByRole("row")).toHaveCount(9);
  await expect(attempts).toContainText("connection refused by hooks.example.com:443");
  await expect(attempts).toContainText('{"error":"database is down"}');
  await shoot(page, "webhooks-delivery-detail");

  // Retry (dead only): back to pending with 0 attempts; the attempt log stays.
  await page.getByRole("link", { name: /delivery log/ }).click();
  await row(deadId).getByRole("button", { name: `Retry delivery ${deadId}` }).click();
  await expect(row(deadId).getByTestId("delivery-status")).toHaveText("Pending");
  await expect(row(deadId).getByTestId("delivery-attempts")).toHaveText("0/8");
  const retried = await withDb(async (db) => (await db.query("SELECT status, attempts FROM webhook_deliveries WHERE id = $1", [deadId])).rows[0]);
  expect(retried).toEqual({ status: "pending", attempts: 0 });

  // Replay (any): the delivered one goes out again as a new delivery, with the same webhook-id.
  await row(deliveredId).getByRole("button", { name: `Replay delivery ${deliveredId}` }).click();
  const replayRow = table.getByRole("row").filter({ hasText: `replay of #${deliveredId}` });
  await expect(replayRow).toHaveCount(1);
  await expect(replayRow.getByTestId("delivery-status")).toHaveText("Pending");
  await expect(row(deliveredId).getByTestId("delivery-status")).toHaveText("Delivered");
  const messageIds = await withDb(async (db) =>
    (await db.query<{ message_id: string }>("SELECT message_id FROM webhook_deliveries WHERE id = $1 OR replay_of_id = $1", [deliveredId])).rows.map((r) => r.message_id),
  );
  expect(messageIds).toHaveLength(2);
  expect(new Set(messageIds).size).toBe(1);

  // The next test manages an endpoint of its own.
  expect((await page.request.delete(`/api/webhooks/endpoints/${endpointId}`)).ok()).toBe(true);
});

test("rotate and reveal the secret, edit the endpoint, switch it off and on, and delete it with its log", async ({ page }) => {
  const u = uid();
  const url = `https://hooks.example.com/outreach/${u}?token=abc`;
  const made = await created<{ endpoint: { id: number; webhookId: string }; secret: string }>(
    await page.request.post("/api/webhooks/endpoints", { data: { url, description: `E2E receiver ${u}`, eventTypes: ["run.failed", "reply.received"] } }),
  );
  const { id: endpointId, webhookId } = made.endpoint;
  const secret = made.secret;
  await seedDeliveries(endpointId);
  const card = page.locator(`[data-testid="endpoint-card"][data-webhook-id="${webhookId}"]`);
  const panel = page.getByTestId("secret-panel");

  // Rotate: a confirmation that explains the 24 h overlap, then the new secret once.
  await page.goto("/settings/webhooks");
  await card.getByRole("button", { name: "Rotate secret" }).click();
  const rotate = page.getByRole("dialog", { name: `Rotate the signing secret of ${webhookId}?` });
  await expect(rotate).toBeVisible();
  await expect(rotate).toContainText("24 hours");
  await expect(rotate).toContainText(secret.slice(0, 12));
  await shootAsIs(page, "webhooks-rotate-dialog");
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  await expect(rotate).toBeHidden();
  await expect(panel).toContainText("New signing secret");
  await expect(panel).toContainText("you will not see it again");
  const rotated = (await panel.getByTestId("secret-value").textContent())!.trim();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await expect(card.getByTestId("rotation-overlap")).toContainText("previous secret also signs until");
  await shootAsIs(page, "webhooks-rotated");
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(panel).toHaveCount(0);

  // Reveal, behind its own confirmation, shows the current (new) secret.
  await card.getByRole("button", { name: "Reveal secret" }).click();
  const reveal = page.getByRole("dialog", { name: `Reveal the signing secret of ${webhookId}?` });
  await expect(reveal).toBeVisible();
  await reveal.getByRole("button", { name: "Reveal secret" }).click();
  await expect(panel.getByTestId("secret-value")).toHaveText(rotated);

  // Edit: the description and events change; the switch turns it off and on again.
  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit endpoint ${webhookId}` });
  await expect(edit.getByLabel("Endpoint URL")).toHaveValue(url);
  await edit.getByLabel("Description").fill(`Edited receiver ${u}`);
  await edit.getByLabel("Run finished").check();
  await shootAsIs(page, "webhooks-edit-dialog");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText(`Edited receiver ${u}`);
  await expect(card.getByText("Run finished")).toBeVisible();
  const toggle = card.getByRole("switch", { name: `Enabled: ${webhookId}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(card.getByText("Disabled", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Send test event" })).toBeDisabled();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  // Delete: the dialog names the endpoint; Cancel keeps it, the confirmation deletes it and its log.
  await card.getByRole("button", { name: "Delete" }).click();
  const del = page.getByRole("dialog", { name: `Delete endpoint ${webhookId}?` });
  await expect(del).toBeVisible();
  await expect(del).toContainText("hooks.example.com");
  await expect(del).not.toContainText(`/outreach/${u}`);
  await expect(del).toContainText("This cannot be undone");
  await shootAsIs(page, "webhooks-delete-dialog");
  await del.getByRole("button", { name: "Cancel" }).click();
  await expect(del).toBeHidden();
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: "Delete" }).click();
  await del.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No endpoints yet" })).toBeVisible();
  const left = await withDb(async (db) => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1", [endpointId])).rows[0]!.n);
  expect(left).toBe(0);
});

function hashPassword(password: string): string {
  // The app's own format (lib/auth/password.ts), so the member signs in through the real login form.
  const [N, r, p] = [2 ** 15, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N, r, p, maxmem: 128 * N * r * 2 });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

test("a member is told only admins manage webhooks, and the API refuses them", async ({ browser, baseURL }) => {
  const username = `member_${uid()}`;
  const password = "member-password-123";
  await withDb(async (db) => {
    const org = (await db.query<{ organization_id: number }>(
      "SELECT m.organization_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.username = $1",
      [OWNER.username],
    )).rows[0]!.organization_id;
    const user = (await db.query<{ id: number }>("INSERT INTO users (username, password_hash) VALUES ($1, $2) RETURNING id", [username, hashPassword(password)])).rows[0]!.id;
    await db.query("INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'member')", [org, user]);
  });

  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseURL}/`);

    await page.goto("/settings");
    const settingsCard = page.locator("section").filter({ has: page.getByRole("heading", { name: "Webhooks", exact: true }) });
    await expect(settingsCard.getByText("Admins only")).toBeVisible();
    await expect(settingsCard.getByRole("link", { name: "Manage webhooks" })).toHaveCount(0);

    await page.goto("/settings/webhooks");
    await expect(page.getByRole("heading", { name: "Only admins manage webhooks" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Add endpoint" })).toHaveCount(0);
    await shoot(page, "webhooks-member");
    expect((await page.request.get("/api/webhooks/endpoints")).status()).toBe(403);
  } finally {
    await context.close();
  }
});
