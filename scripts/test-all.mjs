// `npm test`: the whole gate - typecheck, unit, integration (fresh PostgreSQL database) and e2e (next start +
// Debian Chromium) - then one closing line with the totals.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(`The e2e tests need Chromium at ${chromium}: install it with 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`);
  process.exit(1);
}

// The fleet's fault drill (e2e/fleet-faults.spec.ts) runs the instances behind a real HAProxy.
if (spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status !== 0) {
  console.error("The e2e fleet drill needs HAProxy on the PATH: install it with 'sudo apt-get install -y haproxy'.");
  process.exit(1);
}

const reports = "test-results";
fs.mkdirSync(reports, { recursive: true });
const node = (args) => spawnSync(process.execPath, args, { stdio: "inherit", env: process.env }).status ?? 1;
// Two integration files at a time, each worker on a database of its own (test/int/global-setup.ts): most of a file's
// time is spent waiting on PostgreSQL or a child process.
const vitest = (project) =>
  node(["node_modules/vitest/vitest.mjs", "run", "--project", project, "--maxWorkers=2", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/${project}.json`]);

const steps = [
  ["typecheck", () => node(["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."])],
  ["unit", () => vitest("unit")],
  ["integration", () => vitest("int")],
  // The gate takes no review screenshots (e2e/helpers.ts shoot; accessibility.spec still renders every page in both
  // themes) and records no traces (playwright.config.ts). E2E_SHARDS=2 splits the specs over two concurrent runs
  // where there are cores for them (scripts/e2e.mjs).
  ["e2e", () => spawnSync(process.execPath, ["scripts/e2e.mjs"], { stdio: "inherit", env: { E2E_SCREENS: "off", E2E_TRACE: "off", ...process.env } }).status ?? 1],
];

let failedStep = null;
for (const [name, run] of steps) {
  console.log(`\n=== ${name} ===`);
  if (run() !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
for (const project of ["unit", "int"]) {
  const file = `${reports}/${project}.json`;
  if (!fs.existsSync(file)) continue;
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
}
const e2e = "e2e/.artifacts/results.json";
if (fs.existsSync(e2e) && failedStep !== "typecheck" && failedStep !== "unit" && failedStep !== "integration") {
  const s = JSON.parse(fs.readFileSync(e2e, "utf8")).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
}
if (failedStep) console.error(`\n${failedStep} failed`);
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
