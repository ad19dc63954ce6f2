// Single sign-on in Chromium against a real OpenID provider (`oidc-provider`, test/int/oidc-test-provider.ts) on an
// app instance of its own (fresh database, sign-in on, the dashboard's public address set, private hosts allowed for
// the loopback provider). The admin connects the provider in Settings > Single sign-on, proves the domain and turns
// sign-in on with passwords off; then, signed out: the first sign-in through the provider makes the member with the
// default role, the second finds the same person, a person of another domain is refused, password sign-in is refused
// for the domain, a person of another organization pushed through this organization's provider is refused, a session
// made by the provider cannot be moved into another organization, and once the admin turns single sign-on off the
// sign-in page falls back to passwords. Screenshots of both pages go to e2e/.artifacts/screens.
import { type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { startOidcTestProvider, type OidcTestProvider } from "../test/int/oidc-test-provider";
import { baseAppEnv, startApp, type AppInstance } from "./server";
import { shoot, uid } from "./helpers";

const PORT = E2E_PORT + 84;
const TAG = uid();
const DOMAIN = `harbor-${TAG}.example`;
const OTHER_DOMAIN = `bay-${TAG}.example`;
const ADMIN = { organizationName: "Harbor Studio", email: `ada@${DOMAIN}`, password: "admin-password-123" };

let database: FreshDatabase;
let provider: OidcTestProvider;
let app: AppInstance;
let sql: pg.Client;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createFreshDatabase("sso");
  provider = await startOidcTestProvider();
  provider.addPerson("ada", { email: ADMIN.email, name: "Ada" });
  provider.addPerson("grace", { email: `grace@${DOMAIN}`, name: "Grace" });
  provider.addPerson("eve", { email: `eve@elsewhere-${TAG}.example`, name: "Eve" });
  provider.addPerson("bo", { email: `bo@${OTHER_DOMAIN}`, name: "Bo" });
  app = await startApp({
    port: PORT,
    logName: "sso",
    env: {
      ...baseAppEnv(),
      DATABASE_URL: database.url,
      OUTREACH_AUTH: "on",
      OUTREACH_JOBS: "off",
      OUTREACH_PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // The provider runs on loopback; in production it is a public host.
      OUTREACH_ALLOW_PRIVATE_HOSTS: "on",
    },
  });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

test.afterAll(async () => {
  await sql?.end();
  await app?.stop();
  await provider?.close();
  await database?.drop();
  await stopEmbeddedTestServer();
});

async function freshPage(browser: Browser, width = 1440): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: app.base, viewport: { width, height: 900 } });
  return context.newPage();
}

/** Signs in at the provider's own pages (its built-in login and consent). */
async function atProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password at the provider");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // Every browser here is fresh, so the provider always asks for consent.
  await page.getByRole("button", { name: "Continue" }).click();
}

async function continueWithSso(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with single sign-on" }).click();
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Continue with single sign-on" }).click();
}

async function memberships(email: string) {
  const { rows } = await sql.query<{ org: string; role: string }>(
    `SELECT o.name AS org, m.role FROM memberships m JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.organization_id WHERE u.email = $1 ORDER BY o.name`,
    [email],
  );
  return rows;
}

test("an admin connects the provider; people of the domain sign in through it, and nobody else does", async ({ browser }) => {
  test.setTimeout(240_000);

  // 1. The admin's account; its address verified (mail is not part of this spec; account-mail covers the link).
  const admin = await freshPage(browser);
  await admin.goto("/signup");
  await admin.getByLabel("Organization name").fill(ADMIN.organizationName);
  await admin.getByLabel("Email").fill(ADMIN.email);
  await admin.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await admin.getByLabel("Confirm password").fill(ADMIN.password);
  await admin.getByRole("button", { name: "Create account" }).click();
  await admin.waitForURL(`${app.base}/`);
  await sql.query(`UPDATE users SET email_verified_at = now() WHERE email = $1`, [ADMIN.email]);

  // 2. Settings > Single sign-on: connect, register the shown redirect URI at the provider, prove, switch on.
  await admin.goto("/settings/sso");
  await expect(admin.getByRole("heading", { name: "Single sign-on" })).toBeVisible();
  await admin.getByLabel("Issuer URL").fill(provider.issuer);
  await admin.getByLabel("Client id").fill(provider.clientId);
  await admin.getByLabel("Client secret").fill(provider.clientSecret);
  await admin.getByRole("button", { name: "Connect provider" }).click();
  await expect(admin.getByText("Provider connected.")).toBeVisible();
  const redirectUri = (await admin.locator("code", { hasText: "/api/auth/callback/sso-" }).textContent())!.trim();
  expect(redirectUri).toMatch(new RegExp(`^${app.base}/api/auth/callback/sso-\\d+$`));
  provider.allowRedirect(redirectUri);
  const { rows: secretRows } = await sql.query<{ secret: Buffer }>(`SELECT secret_ciphertext AS secret FROM sso_connections`);
  expect(secretRows[0]!.secret.toString("latin1")).not.toContain(provider.clientSecret);

  await admin.getByRole("button", { name: `Prove ${DOMAIN}` }).click();
  await expect(admin.getByText("Proved", { exact: true })).toBeVisible();
  await admin.getByLabel("People of the domain can sign in through the provider").check();
  await admin.getByLabel("Turn password sign-in off for the domain").check();
  await admin.getByRole("button", { name: "Save sign-in choices" }).click();
  await expect(admin.getByText("Saved.", { exact: true })).toBeVisible();
  await expect(admin.getByLabel("People of the domain can sign in through the provider")).toBeChecked();
  await shoot(admin, "sso-settings");
  await admin.setViewportSize({ width: 390, height: 844 });
  await shoot(admin, "sso-settings-390");
  await admin.setViewportSize({ width: 1440, height: 900 });

  // 3. First sign-in through the provider: Grace joins Harbor Studio as a member and lands in the dashboard.
  const first = await freshPage(browser);
  await continueWithSso(first, `Grace@${DOMAIN}`);
  await atProvider(first, "grace");
  await first.waitForURL(`${app.base}/`);
  await expect(first.getByText("Signed in as")).toContainText("grace");
  expect(await memberships(`grace@${DOMAIN}`)).toEqual([{ org: ADMIN.organizationName, role: "member" }]);

  // 4. A second sign-in finds the same person.
  const second = await freshPage(browser);
  await continueWithSso(second, `grace@${DOMAIN}`);
  await atProvider(second, "grace");
  await second.waitForURL(`${app.base}/`);
  await expect(second.getByText("Signed in as")).toContainText("grace");
  const { rows: graces } = await sql.query(`SELECT id FROM users WHERE email = $1`, [`grace@${DOMAIN}`]);
  expect(graces).toHaveLength(1);
  expect(await memberships(`grace@${DOMAIN}`)).toHaveLength(1);

  // 5. At the provider, someone of another domain: refused, back at the sign-in page with the reason; no account.
  const eve = await freshPage(browser);
  await continueWithSso(eve, `anyone@${DOMAIN}`);
  await atProvider(eve, "eve");
  await eve.waitForURL(/\/login\?sso_error=wrong_domain/);
  await expect(eve.getByRole("alert").filter({ hasText: "outside your organization's domain" })).toBeVisible();
  expect(await memberships(`eve@elsewhere-${TAG}.example`)).toEqual([]);
  expect((await eve.context().cookies()).find((c) => c.name === "outreach_session")).toBeUndefined();
  await shoot(eve, "sso-sign-in-refused");
  await eve.setViewportSize({ width: 390, height: 844 });
  await shoot(eve, "sso-sign-in-refused-390");

  // 6. Passwords are off for the domain: the admin's own password is refused with the way in.
  const pw = await freshPage(browser);
  await pw.goto("/login");
  await pw.getByLabel("Email or username").fill(ADMIN.email);
  await pw.getByLabel("Password").fill(ADMIN.password);
  await pw.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(pw.getByRole("alert").filter({ hasText: "Your organization signs you in with single sign-on" })).toBeVisible();
  await expect(pw.getByRole("button", { name: "Continue with single sign-on" })).toBeVisible();
  await shoot(pw, "sso-sign-in");

  // 7. Another organization: Bay, with Bo (of Bay's domain) and Grace as members.
  const { rows: bay } = await sql.query<{ id: number }>(`INSERT INTO organizations (name, slug) VALUES ('Bay Works', $1) RETURNING id`, [`bay-${TAG}`]);
  const bayId = bay[0]!.id;
  const { rows: bo } = await sql.query<{ id: number }>(`INSERT INTO users (username, password_hash, email) VALUES ($1, 'scrypt$none', $2) RETURNING id`, [`bo-${TAG}`, `bo@${OTHER_DOMAIN}`]);
  await sql.query(`INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'owner')`, [bayId, bo[0]!.id]);
  await sql.query(`INSERT INTO memberships (organization_id, user_id, role) SELECT $1, id, 'admin' FROM users WHERE email = $2`, [bayId, `grace@${DOMAIN}`]);

  // 7a. Bo pushed through Harbor's provider (its sign-in started by hand, as a page could): refused, nothing joined.
  const pushed = await freshPage(browser);
  await pushed.goto("/login");
  const providerId = redirectUri.split("/").pop()!;
  const target = await pushed.evaluate(async (id) => {
    const csrf = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await fetch(`/api/auth/signin/${id}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: "/", json: "true" }) });
    return ((await res.json()) as { url: string }).url;
  }, providerId);
  await pushed.goto(target);
  await atProvider(pushed, "bo");
  await pushed.waitForURL(/\/login\?sso_error=wrong_domain/);
  expect(await memberships(`bo@${OTHER_DOMAIN}`)).toEqual([{ org: "Bay Works", role: "owner" }]);
  expect((await pushed.context().cookies()).find((c) => c.name === "outreach_session")).toBeUndefined();

  // 7b. Grace's session from Harbor's provider works in Harbor only: moving it to Bay signs her out instead.
  const orgs = await second.evaluate(async () => (await fetch("/api/organizations")).json() as Promise<{ activeId: number }>);
  const switched = await second.evaluate(async (id) => (await fetch("/api/auth/switch-organization", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ organizationId: id }) })).status, bayId);
  expect(switched).toBe(200);
  expect(orgs.activeId).not.toBe(bayId);
  expect(await second.evaluate(async () => (await fetch("/api/projects")).status)).toBe(401);
  await second.goto("/settings");
  await second.waitForURL(/\/login/);

  // 8. The admin turns single sign-on off: the sign-in page falls back to passwords for the domain.
  await admin.goto("/settings/sso");
  await admin.getByLabel("People of the domain can sign in through the provider").uncheck();
  await admin.getByRole("button", { name: "Save sign-in choices" }).click();
  await expect(admin.getByText("Saved.", { exact: true })).toBeVisible();
  const back = await freshPage(browser);
  await back.goto("/login");
  await expect(back.getByRole("button", { name: "Continue with single sign-on" })).toHaveCount(0);
  await back.getByLabel("Email or username").fill(ADMIN.email);
  await back.getByLabel("Password").fill(ADMIN.password);
  await back.getByRole("button", { name: "Sign in", exact: true }).click();
  await back.waitForURL(`${app.base}/`);
  // A sign-in page still open from before finds no provider for the domain, and says to use the password.
  await pw.getByRole("button", { name: "Continue with single sign-on" }).click();
  await pw.getByLabel("Work email").fill(`grace@${DOMAIN}`);
  await pw.getByRole("button", { name: "Continue with single sign-on" }).click();
  await expect(pw.getByRole("alert").filter({ hasText: "Sign in with your password" })).toBeVisible();
});
