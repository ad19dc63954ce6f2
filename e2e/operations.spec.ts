// The operator's view of a running instance under `next start` (fresh database, sign-in off, job engine on): the
// health routes a load balancer reads, and the Prometheus metrics after real traffic, on their own port and behind
// the token on the app's port, with requests named by the routes of this very build.
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { baseAppEnv, startApp, type AppInstance } from "./server";
import { shoot } from "./helpers";
import { startOtlpReceiver } from "../test/int/otlp-receiver";

const PORT = E2E_PORT + 82;
const METRICS_PORT = E2E_PORT + 83;
const TOKEN = "e2e-metrics-token-0123456789abcdef";

let database: FreshDatabase;
let app: AppInstance;
let collector: Awaited<ReturnType<typeof startOtlpReceiver>>;

test.beforeAll(async () => {
  database = await createFreshDatabase("operations");
  // An OpenTelemetry collector of the test's own: the instance sends its traces here.
  collector = await startOtlpReceiver();
  app = await startApp({
    port: PORT,
    logName: "operations",
    env: { ...baseAppEnv(), DATABASE_URL: database.url, OUTREACH_AUTH: "off", OUTREACH_JOBS: "on", OUTREACH_METRICS_PORT: String(METRICS_PORT), OUTREACH_METRICS_TOKEN: TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: collector.base, OTEL_SERVICE_NAME: "outreach-e2e" },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await collector?.close();
  await database?.drop();
  await stopEmbeddedTestServer();
});

/** One series' value in the text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && want.every((w) => l.includes(w)) && l.slice(name.length + 1, l.indexOf("}")).split(",").length === want.length);
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

const scrape = async () => {
  const res = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

test("health: live and ready answer a stranger with nothing but the checks", async () => {
  const live = await fetch(`${app.base}/api/health/live`);
  expect(live.status).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });
  await expect.poll(async () => (await fetch(`${app.base}/api/health/ready`)).status, { timeout: 10_000 }).toBe(200);
  const ready = await fetch(`${app.base}/api/health/ready`);
  expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok", draining: "ok" } });
  expect(ready.headers.get("cache-control")).toBe("no-store");
});

test("metrics after traffic: requests by this build's route names and status, never public", async () => {
  const before = await scrape();
  for (let i = 0; i < 3; i++) expect((await fetch(`${app.base}/login`)).status).toBe(200);
  expect((await fetch(`${app.base}/api/drafts/123`)).status).toBe(404);
  expect((await fetch(`${app.base}/api/health/ready`)).status).toBe(200);
  expect((await fetch(`${app.base}/api/no-such-route-${Date.now()}`)).status).toBe(404);
  // A request is counted when the server's response finishes, which can come a moment after the client has read it.
  let after = "";
  const delta = (labels: Record<string, string>) => sample(after, "outreach_http_requests_total", labels) - sample(before, "outreach_http_requests_total", labels);
  await expect
    .poll(async () => {
      after = await scrape();
      return [
        delta({ route: "/login", method: "GET", status: "200" }),
        delta({ route: "/api/drafts/[id]", method: "GET", status: "404" }),
        delta({ route: "/api/health/ready", method: "GET", status: "200" }),
        delta({ route: "unmatched", method: "GET", status: "404" }),
      ];
    })
    .toEqual([3, 1, 1, 1]);
  expect(after).not.toContain("no-such-route");
  expect(sample(after, "outreach_http_request_duration_seconds_count", { route: "/login", method: "GET" })).toBeGreaterThanOrEqual(3);
  // The job engine's queue and the pool are read at scrape time.
  expect(after).toMatch(/^outreach_job_queue_depth\{task="[\w.-]+"\} \d+$/m);
  expect(after).toMatch(/^outreach_db_pool_connections\{state="in_use"\} \d+$/m);

  // On the app's port: only with the token, and no metrics path of the metrics port's.
  expect((await fetch(`${app.base}/api/metrics`)).status).toBe(401);
  const withToken = await fetch(`${app.base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(withToken.status).toBe(200);
  expect(await withToken.text()).toContain("outreach_http_requests_total");
  expect((await fetch(`${app.base}/metrics`)).status).toBe(404);
});

test("the Operator area says how this instance is operated and links to the manual", async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`${app.base}/operator`);
    const card = page.getByTestId("operating-card");
    await expect(card).toContainText("Ready");
    await expect(card).toContainText(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    await expect(card).toContainText("GET /api/metrics with the metrics token");
    await card.scrollIntoViewIfNeeded();
    await shoot(page, `operator-operating-${width}`);
  }
  // The manual is the installation's docs/deploying.md, as pages: its sections, and its links to the other documents.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("link", { name: "operator's manual", exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/manual$/);
  await expect(page.getByRole("heading", { level: 1, name: "Deploying" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Stopping and restarting" })).toHaveAttribute("id", "stopping-and-restarting");
  await shoot(page, "operator-manual");
  await page.getByRole("link", { name: "jobs.md" }).first().click();
  await expect(page).toHaveURL(/\/operator\/manual\?doc=jobs$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Not in the manual");
  await page.getByRole("link", { name: "Operator's manual", exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/manual$/);
  // A name that is not a document of the folder reads nothing else.
  await page.goto(`${app.base}/operator/manual?doc=..%2F..%2Fpackage`);
  await expect(page.getByRole("heading", { level: 1, name: "Not in the manual" })).toBeVisible();
  await expect(page.getByText('"name": "outreach')).toHaveCount(0);
});

test("traces: a request's route span and its database statements reach the collector as one trace", async () => {
  const res = await fetch(`${app.base}/api/projects`, { method: "POST", headers: { "content-type": "application/json", origin: app.base }, body: JSON.stringify({ name: "Traced project" }) });
  expect(res.status).toBe(201);
  // Next names the span by the route it matched; the pg driver's spans hang under it.
  await expect
    .poll(() => collector.spans.some((s) => s.service === "outreach-e2e" && s.name.includes("/api/projects") && s.attributes["next.route"] === "/api/projects"), { timeout: 10_000 })
    .toBe(true);
  const route = collector.spans.find((s) => s.attributes["next.route"] === "/api/projects" && s.name.startsWith("POST"))!;
  await expect
    .poll(() => collector.spans.filter((s) => s.traceId === route.traceId && s.attributes["db.system"] === "postgresql").length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  // Probes and scrapes are not traced.
  expect(collector.spans.some((s) => String(s.attributes["http.target"] ?? s.attributes["url.path"] ?? "").startsWith("/api/health/"))).toBe(false);
});
