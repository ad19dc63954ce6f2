// e2e tier: `next start` (real HTTP, sign-in on) driven by Debian's Chromium. scripts/e2e.mjs builds first.
import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3917);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Where a run keeps its server's logs, the signed-in state, results and screenshots. Two runs in one checkout (the
 * shards of scripts/e2e.mjs, or a second run by hand) each need their own, and their own E2E_PORT. */
export const E2E_ARTIFACTS = process.env.E2E_ARTIFACTS ?? "e2e/.artifacts";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test that looks at several pages takes a screenshot of each in three themes (a reload each); on a 2-core machine
  // that alone can pass 30 s, so each test gets 60 s. Waits for a condition still fail after 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: `${E2E_ARTIFACTS}/results.json` }]],
  globalSetup: "./e2e/global-setup.ts",
  outputDir: `${E2E_ARTIFACTS}/test-output`,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    storageState: `${E2E_ARTIFACTS}/owner.json`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    viewport: { width: 1440, height: 900 },
    // The gate keeps no trace (E2E_TRACE=off in scripts/test-all.mjs): recording one costs every test a share of the
    // machine, and a failure there is read from its log and error context.
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
  },
});
