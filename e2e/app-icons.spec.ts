// The dashboard's tab icon and web manifest: a first load asks the server for nothing it cannot serve (no favicon
// 404, no console error), signed out or in, and the manifest a phone reads to pin the dashboard names icons that exist
// at the sizes it says.
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { E2E_ARTIFACTS } from "../playwright.config";

/** Every failed request and console error of a page, from before its first load. */
function watch(page: Page) {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on("response", (r: Response) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on("requestfailed", (r) => {
    // The router's prefetch of a linked page (Sign up, Forgot password) that the browser dropped when the test moved
    // on is not something the server failed to serve.
    if (r.headers()["rsc"] === "1" && r.failure()?.errorText === "net::ERR_ABORTED") return;
    failed.push(`failed ${new URL(r.url()).pathname} (${r.failure()?.errorText ?? "?"})`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return { failed, errors };
}

/** The width and height a PNG's header states. */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

test("a first load, signed out and signed in, finds its icons and manifest without a 404 or a console error", async ({ browser, baseURL }) => {
  // A fresh context each time: a browser asks for the icon on a first visit, before anything is cached.
  const visits: { who: string; storageState: string | { cookies: []; origins: [] } }[] = [
    { who: "signed out", storageState: { cookies: [], origins: [] } },
    { who: "signed in", storageState: `${E2E_ARTIFACTS}/owner.json` },
  ];
  for (const { who, storageState } of visits) {
    const context = await browser.newContext({ baseURL, storageState });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(who === "signed out" ? "/login" : "/");
    await page.waitForLoadState("networkidle");
    // Whatever the browser asks for by itself (headless Chromium may not fetch a tab icon), /favicon.ico is there.
    expect((await context.request.get("/favicon.ico")).status(), who).toBe(200);

    const links = await page.locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]').evaluateAll((els) =>
      els.map((el) => `${el.getAttribute("rel")} ${new URL((el as HTMLLinkElement).href).pathname}`),
    );
    expect(links).toEqual(expect.arrayContaining(["icon /favicon.ico", "icon /icon.svg", "apple-touch-icon /apple-icon.png", "manifest /manifest.webmanifest"]));
    expect(seen.failed, who).toEqual([]);
    expect(seen.errors, who).toEqual([]);
    await context.close();
  }
});

test("the web manifest names the dashboard and icons that exist at the sizes it states", async ({ browser, baseURL }) => {
  // Signed out: a phone's browser may read the manifest from the sign-in page.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const request = context.request;
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: "Outreach", short_name: "Outreach", start_url: "/", display: "standalone" });

  const purposes = new Set<string>();
  for (const icon of manifest.icons) {
    const got = await request.get(icon.src);
    expect(got.status(), icon.src).toBe(200);
    expect(got.headers()["content-type"], icon.src).toContain(icon.type);
    if (icon.type === "image/png") {
      const [w, h] = pngSize(await got.body());
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
    }
    purposes.add(icon.purpose ?? "any");
  }
  // Android needs a 192 and a 512 to install, and a full-bleed icon to crop into its own shape.
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect([...purposes]).toEqual(expect.arrayContaining(["any", "maskable"]));

  // The tab icons themselves, also signed out.
  for (const [path, type] of [["/favicon.ico", "image/x-icon"], ["/icon.svg", "image/svg+xml"], ["/apple-icon.png", "image/png"]] as const) {
    const got = await request.get(path);
    expect(got.status(), path).toBe(200);
    expect(got.headers()["content-type"], path).toContain(type);
  }
  await context.close();
});
