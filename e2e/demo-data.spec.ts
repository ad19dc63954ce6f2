// `npm run demo` as a newcomer meets it: the dataset is loaded into a fresh install, then every run log and every
// conversation is opened in the browser. Run logs must name real steps (no "unknown" divider) with times that move
// (not "+0.000 s" on every row), and no thread may show one of our messages twice.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT, E2E_ARTIFACTS } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { baseAppEnv, startApp, type AppInstance } from "./server";

let database: FreshDatabase;
let app: AppInstance;
let ids: { runs: number[]; threads: number[] };
// The demo project's repository files are written under the data directory: one of this spec's own.
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createFreshDatabase("demo");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-demo-"));
  const env = { ...baseAppEnv(), DATABASE_URL: database.url, OUTREACH_AUTH: "off", OUTREACH_JOBS: "off", OUTREACH_DATA_DIR: dataDir };
  app = await startApp({ port: E2E_PORT + 50, env, logName: "demo-server" });
  // The README's way: the dashboard is running, then `npm run demo` fills it.
  const demo = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/demo.ts"], { env: env as unknown as NodeJS.ProcessEnv, encoding: "utf8" });
  expect(demo.status, demo.stderr).toBe(0);
  expect(demo.stdout).toContain("Demo data loaded");
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const runs = await sql.query<{ id: number }>("SELECT id FROM runs ORDER BY id");
  const threads = await sql.query<{ id: number }>("SELECT id FROM conversation_threads ORDER BY id");
  await sql.end();
  ids = { runs: runs.rows.map((r) => r.id), threads: threads.rows.map((r) => r.id) };
});

test.afterAll(async () => {
  await app?.stop();
  await database?.drop();
  await stopEmbeddedTestServer();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("every demo run log names real steps and its times move forward", async ({ page }) => {
  // Every run of the dataset is opened: the budget grows with their number.
  test.setTimeout(60_000 + ids.runs.length * 8_000);
  expect(ids.runs.length).toBeGreaterThan(10);
  for (const id of ids.runs) {
    await page.goto(`${app.base}/runs/${id}`);
    await expect(page.getByRole("list", { name: "What the agent did" }).locator("li").first(), `run ${id}`).toBeVisible();
    await page.getByText("Technical details").click();
    const technical = page.getByRole("list", { name: "Technical log" });
    await expect(technical.locator("[data-lifecycle]").first(), `run ${id}`).toBeVisible();
    await expect(technical.locator('[data-lifecycle="unknown"]'), `run ${id}`).toHaveCount(0);
    const offsets = await page.getByRole("region", { name: "What the agent did" }).locator("time").allTextContents();
    expect(new Set(offsets).size, `run ${id}: every row reads ${offsets[0]}`).toBeGreaterThan(2);
  }
  await page.goto(`${app.base}/runs/${ids.runs[0]}`);
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/demo-run-log-${theme}.png` });
  }
});

test("no demo conversation shows one of our messages twice", async ({ page }) => {
  test.setTimeout(60_000 + ids.threads.length * 8_000);
  expect(ids.threads.length).toBeGreaterThan(1);
  for (const id of ids.threads) {
    await page.goto(`${app.base}/conversations/${id}`);
    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.locator("li").first(), `thread ${id}`).toBeVisible();
    const ours = await messages.locator('li[data-direction="outbound"] div.rounded-2xl').allTextContents();
    expect(ours.length, `thread ${id}`).toBeGreaterThan(0);
    expect(new Set(ours).size, `thread ${id} repeats a message of ours`).toBe(ours.length);
  }
  await page.goto(`${app.base}/conversations/${ids.threads[0]}`);
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/demo-thread-${theme}.png` });
  }
});
