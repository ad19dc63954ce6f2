// Sign-in as a person meets it, over real HTTP with OUTREACH_AUTH=on.
import { expect, test } from "./fixtures/hydration";
import { OWNER } from "./global-setup";
import { cli, shoot } from "./helpers";

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a dashboard page sends the visitor to the login page", async ({ page }) => {
    await page.goto("/projects");
    await expect(page).toHaveURL(/\/login\?next=%2Fprojects/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("a wrong password shows an error and sets no cookie; the right one signs in", async ({ page, context }) => {
    await page.goto("/login");
    await shoot(page, "login");
    await page.getByLabel("Username").fill(OWNER.username);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong email, username or password")).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "outreach_session")).toBeUndefined();
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    const cookie = (await context.cookies()).find((c) => c.name === "outreach_session");
    expect(cookie?.httpOnly).toBe(true);
    await expect(page.getByText(OWNER.organizationName).first()).toBeVisible();
  });

  test("API routes answer 401 JSON, never a redirect; extension routes want a bearer token", async ({ request }) => {
    const api = await request.get("/api/projects", { maxRedirects: 0 });
    expect(api.status()).toBe(401);
    expect(await api.json()).toMatchObject({ error: "unauthorized" });
    const handshake = await request.post("/api/extension/handshake", { maxRedirects: 0 });
    expect(handshake.status()).toBe(401);
    expect(await handshake.json()).toMatchObject({ error: "unauthorized" });
  });

  test("first-run sign-up is closed once the first user exists", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Organization name").fill("Late");
    await page.getByLabel("Username").fill("latecomer");
    await page.getByLabel("Password", { exact: true }).fill("late-password-123");
    await page.getByLabel("Confirm password").fill("late-password-123");
    await page.getByRole("button", { name: /create/i }).click();
    await expect(page.getByText(/already set up/i)).toBeVisible();
  });
});

test.describe("next-auth endpoints", () => {
  test("the session endpoint shows only the caller's organization (cross-tenant)", async ({ browser, request }) => {
    const other = JSON.parse(cli(["users:create", "--org", "Other Org", "--username", "other-owner"], { OUTREACH_PASSWORD: "other-password-1" }));
    const otherCtx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const login = await otherCtx.request.post("/api/auth/login", { data: { username: "other-owner", password: "other-password-1" } });
    expect(login.status()).toBe(200);
    const otherSession = await (await otherCtx.request.get("/api/auth/session")).json();
    expect(otherSession.orgId).toBe(other.organization.id);
    expect(otherSession.user.name).toBe("other-owner");
    const ownerSession = await (await request.get("/api/auth/session")).json();
    expect(ownerSession.orgId).not.toBe(other.organization.id);
    // And the other organization sees none of the owner's projects.
    await request.post("/api/projects", { data: { name: "Owner-only project" } });
    const otherProjects = await (await otherCtx.request.get("/api/projects")).json();
    expect(otherProjects.projects.map((p: { name: string }) => p.name)).not.toContain("Owner-only project");
    await otherCtx.close();
  });

  test("behind a trusted HTTPS proxy every next-auth cookie is Secure; plain HTTP gets plain cookies", async ({ browser }) => {
    // The e2e server runs with OUTREACH_TRUST_PROXY=on, so X-Forwarded-Proto stands for a TLS-terminating proxy.
    const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const setCookies = async (headers: Record<string, string>) =>
      (await ctx.request.get("/api/auth/csrf", { headers })).headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
    const secure = await setCookies({ "x-forwarded-proto": "https" });
    expect(secure.length).toBeGreaterThan(0);
    expect(secure.some((c) => c.startsWith("__Host-next-auth.csrf-token="))).toBe(true);
    for (const cookie of secure) expect(cookie.split(";").map((p) => p.trim())).toContain("Secure");
    const plain = await setCookies({});
    expect(plain.some((c) => c.startsWith("next-auth.csrf-token="))).toBe(true);
    for (const cookie of plain) expect(cookie.split(";").map((p) => p.trim())).not.toContain("Secure");

    // Signing in over HTTPS writes a Secure outreach_session.
    const signIn = await ctx.request.post("/api/auth/login", {
      headers: { "x-forwarded-proto": "https" },
      data: { username: OWNER.username, password: OWNER.password },
      maxRedirects: 0,
    });
    const session = signIn.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("outreach_session="));
    expect(session?.value.split(";").map((p) => p.trim())).toContain("Secure");
    await ctx.close();
  });

  test("next-auth's credentials callback signs nobody in, even with its CSRF token, and a cross-site post is refused", async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const { csrfToken } = (await (await ctx.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const form = { csrfToken, username: OWNER.username, password: OWNER.password, json: "true" };
    const same = await ctx.request.post("/api/auth/callback/credentials", { form, maxRedirects: 0 });
    expect(same.status()).toBeLessThan(500);
    expect((await ctx.cookies()).find((c) => c.name === "outreach_session")).toBeUndefined();
    const cross = await ctx.request.post("/api/auth/callback/credentials", { form, maxRedirects: 0, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(cross.status()).toBe(403);
    expect(await cross.json()).toMatchObject({ error: "forbidden" });
    expect((await ctx.cookies()).find((c) => c.name === "outreach_session")).toBeUndefined();
    // The session endpoint still answers (signed out: an empty session).
    expect((await ctx.request.get(`${baseURL}/api/auth/session`)).status()).toBe(200);
    await ctx.close();
  });

  test("bad input: an unknown provider is refused without signing anyone in", async ({ browser }) => {
    const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const res = await ctx.request.post("/api/auth/callback/nonexistent", { form: { username: "x", password: "y" }, maxRedirects: 0 });
    expect([302, 400, 404]).toContain(res.status());
    expect((await ctx.cookies()).find((c) => c.name === "outreach_session")).toBeUndefined();
    await ctx.close();
  });
});
