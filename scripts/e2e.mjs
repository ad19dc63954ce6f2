// `npm run test:e2e`: build the app, then run the Playwright specs against `next start` in Debian's Chromium.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(`e2e needs Chromium at ${chromium}: install it with 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`);
  process.exit(1);
}
const run = (args, env = {}) => spawnSync(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
if (process.env.E2E_SKIP_BUILD !== "1") {
  const built = run(["scripts/build.mjs"]);
  if (built !== 0) process.exit(built);
}
fs.rmSync("e2e/.artifacts/screens", { recursive: true, force: true });
process.exit(run(["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)]));
