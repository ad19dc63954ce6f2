// What a browser enforces for the dashboard (docs/security.md, "Browsers"), in Chromium against `next start`: pages
// refuse framing and carry a nonce-based policy under which the app still runs without a single violation; another
// site's form cannot sign a victim in or change anything; `?next=` never leaves the dashboard; signing out ends the
// cookie for good, and Sign out everywhere ends every session.
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { OWNER } from "./global-setup";
import { cli } from "./helpers";

/** Collects what Chromium says about the page's policy while `run` goes through pages. */
async function cspViolations(page: Page, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) seen.push(m.text());
  });
  await run();
  return seen;
}

test("pages carry a nonce policy and refuse framing; the app runs under it without a violation", async ({ page }) => {
  const res = await page.goto("/");
  const headers = res!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  // A fresh nonce per request.
  const again = (await page.request.get("/")).headers()["content-security-policy"];
  expect(again).not.toBe(headers["content-security-policy"]);

  const violations = await cspViolations(page, async () => {
    for (const path of ["/", "/inbox", "/campaigns", "/projects", "/people", "/audit", "/playbooks", "/settings", "/notifications"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    // The app's own scripts ran: the theme switch is a client component.
    await page.getByRole("radio", { name: /dark/i }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("radio", { name: /light/i }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });
  expect(violations).toEqual([]);
});

test("API answers load nothing and cannot be framed either", async ({ request }) => {
  const res = await request.get("/api/projects");
  expect(res.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test.describe("another site", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("cannot frame a dashboard page", async ({ page, baseURL }) => {
    const framed = page.waitForResponse(`${baseURL}/login`);
    await page.setContent(`<iframe id="f" src="${baseURL}/login" width="600" height="400" onload="window.frameDone = true"></iframe>`);
    expect((await framed).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page.waitForFunction(() => (window as unknown as { frameDone?: boolean }).frameDone === true);
    // The browser loaded the answer and refused to show it: the login form never rendered inside the frame.
    expect(await page.frameLocator("#f").getByRole("button", { name: "Sign in" }).count()).toBe(0);
  });

  test("cannot sign a visitor in with a form posted to the dashboard (login CSRF)", async ({ page, baseURL, context }) => {
    await page.setContent(`
      <form id="f" method="POST" action="${baseURL}/api/auth/login" enctype="text/plain">
        <input name='{"username":"${OWNER.username}","password":"${OWNER.password}","x":"' value='"}'>
      </form>`);
    const [response] = await Promise.all([page.waitForResponse(`${baseURL}/api/auth/login`), page.evaluate(() => (document.getElementById("f") as HTMLFormElement).submit())]);
    expect(response.status()).toBe(403);
    expect((await context.cookies()).find((c) => c.name === "outreach_session")).toBeUndefined();
  });
});

test("another site's form cannot change anything with the signed-in visitor's cookie", async ({ page, baseURL, request }) => {
  const name = `Forged ${Date.now()}`;
  await page.goto("about:blank");
  await page.setContent(`
    <form id="f" method="POST" action="${baseURL}/api/projects" enctype="text/plain">
      <input name='{"name":"${name}","x":"' value='"}'>
    </form>`);
  const [response] = await Promise.all([page.waitForResponse(`${baseURL}/api/projects`), page.evaluate(() => (document.getElementById("f") as HTMLFormElement).submit())]);
  expect(response.status()).toBe(403);
  const projects = (await (await request.get("/api/projects")).json()).projects as Array<{ name: string }>;
  expect(projects.map((p) => p.name)).not.toContain(name);
});

test.describe("signing in and out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("?next= that a browser reads as another site lands on the dashboard's home instead", async ({ page, baseURL }) => {
    await page.goto("/login?next=%2F%09%2Fevil.example");
    await page.getByLabel("Username").fill(OWNER.username);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test("?next= with dot segments that resolve to // after the check stays on the dashboard, in every spelling", async ({ browser, baseURL }) => {
    for (const next of ["/.//evil.test/x", "/..//evil.test/x", "/a/..//evil.test/x", "/%2e//evil.test/x", "/./\\evil.test/x"]) {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel("Username").fill(OWNER.username);
      await page.getByLabel("Password").fill(OWNER.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      expect(new URL(page.url()).origin, next).toBe(new URL(baseURL!).origin);
      expect(new URL(page.url()).pathname, next).toBe("/evil.test/x");
      await context.close();
    }
  });

  test("a same-origin ?next= is followed", async ({ page, baseURL }) => {
    await page.goto("/login?next=%2Fcampaigns");
    await page.getByLabel("Username").fill(OWNER.username);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${baseURL}/campaigns`);
  });

  test("Sign out ends the cookie even where a copy of it is kept; Sign out everywhere ends every browser's session", async ({ browser, baseURL }) => {
    const username = `leaver-${Date.now()}`;
    cli(["users:create", "--org", `Sessions ${Date.now()}`, "--username", username], { OUTREACH_PASSWORD: "sessions-password-1" });
    const signIn = async () => {
      const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const page = await ctx.newPage();
      await page.goto("/login");
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password").fill("sessions-password-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      return { ctx, page };
    };

    const first = await signIn();
    const copy = (await first.ctx.cookies()).find((c) => c.name === "outreach_session")!;
    await first.page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(first.page).toHaveURL(/\/login/);
    // The cookie the browser had, put back by hand, no longer opens anything.
    await first.ctx.addCookies([copy]);
    expect((await first.ctx.request.get("/api/projects")).status()).toBe(401);

    const laptop = await signIn();
    const phone = await signIn();
    await laptop.page.getByRole("button", { name: "Sign out everywhere" }).click();
    await laptop.page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(laptop.page).toHaveURL(/\/login/);
    await phone.page.goto("/projects");
    await expect(phone.page).toHaveURL(/\/login/);
    for (const s of [first, laptop, phone]) await s.ctx.close();
  });
});
