// `npm run test:e2e`: build the app, then run the Playwright specs against `next start` in Debian's Chromium.
//
// With E2E_SHARDS=N and no spec named, the specs run as N concurrent Playwright runs, each with its own server,
// database, port and artifacts folder (e2e/.artifacts/shard-N), dealt out by the seconds each took in a full run
// (e2e/spec-seconds.json) so they end near the same time. It needs about two cores per shard: on two cores, two
// shards finish a third sooner but the browser and servers starve each other and tests run out of their budgets.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

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
const ROOT_ARTIFACTS = process.env.E2E_ARTIFACTS ?? "e2e/.artifacts";
const PLAYWRIGHT = "node_modules/@playwright/test/cli.js";
fs.rmSync(path.join(ROOT_ARTIFACTS, "screens"), { recursive: true, force: true });

const args = process.argv.slice(2);
const shards = Number(process.env.E2E_SHARDS ?? 1);
if (shards <= 1 || args.length > 0) process.exit(run([PLAYWRIGHT, "test", ...args]));
process.exit(await runShards(shards));

/** Deals the spec files out to `count` shards, longest first onto the shard with the least so far. */
function dealSpecs(count) {
  const specs = fs.readdirSync("e2e").filter((f) => f.endsWith(".spec.ts")).map((f) => `e2e/${f}`);
  const seconds = fs.existsSync("e2e/spec-seconds.json") ? JSON.parse(fs.readFileSync("e2e/spec-seconds.json", "utf8")) : {};
  // A spec the table does not know yet counts as a typical one.
  const known = Object.values(seconds).sort((a, b) => a - b);
  const typical = known.length ? known[Math.floor(known.length / 2)] : 60;
  const weighted = specs.map((spec) => ({ spec, seconds: seconds[spec] ?? typical })).sort((a, b) => b.seconds - a.seconds || a.spec.localeCompare(b.spec));
  const dealt = Array.from({ length: count }, () => ({ specs: [], seconds: 0 }));
  for (const { spec, seconds: s } of weighted) {
    const lightest = dealt.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.specs.push(spec);
    lightest.seconds += s;
  }
  return dealt;
}

async function runShards(count) {
  const basePort = Number(process.env.E2E_PORT ?? 3917);
  const dealt = dealSpecs(count);
  const started = Date.now();
  const codes = await Promise.all(
    dealt.map(({ specs, seconds }, i) => {
      const n = i + 1;
      const artifacts = path.join(ROOT_ARTIFACTS, `shard-${n}`);
      fs.rmSync(artifacts, { recursive: true, force: true });
      console.log(`[${n}] ${specs.length} spec files, about ${Math.round(seconds / 60)} min in the last full run`);
      const child = spawn(process.execPath, [PLAYWRIGHT, "test", ...specs], {
        env: { ...process.env, E2E_PORT: String(basePort + i * 200), E2E_ARTIFACTS: artifacts },
        stdio: ["ignore", "pipe", "pipe"],
      });
      // Each line says which shard printed it; the two runs' lines interleave.
      for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${n}] ${line}`));
      return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
    }),
  );
  return summarize(dealt.map((_, i) => path.join(ROOT_ARTIFACTS, `shard-${i + 1}`, "results.json")), codes, started);
}

/** One results.json for `npm test`'s totals, the per-spec seconds for e2e/spec-seconds.json, and the failures again. */
function summarize(resultFiles, codes, started) {
  const stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  const seconds = {};
  const failures = [];
  resultFiles.forEach((file, i) => {
    if (!fs.existsSync(file)) {
      failures.push(`shard ${i + 1} wrote no results (exit ${codes[i]}): its setup failed; see its lines above`);
      stats.unexpected += 1;
      return;
    }
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    for (const key of Object.keys(stats)) stats[key] += report.stats[key] ?? 0;
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests) {
          const ms = t.results.reduce((sum, r) => sum + r.duration, 0);
          const file = `e2e/${spec.file}`;
          seconds[file] = Math.round((seconds[file] ?? 0) + ms / 1000);
          if (t.status === "unexpected") failures.push(`[${i + 1}] ${file}:${spec.line} › ${spec.title}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  });
  fs.mkdirSync(ROOT_ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ROOT_ARTIFACTS, "results.json"), JSON.stringify({ stats }));
  fs.writeFileSync(path.join(ROOT_ARTIFACTS, "spec-seconds.json"), JSON.stringify(Object.fromEntries(Object.entries(seconds).sort()), null, 2) + "\n");
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\ne2e shards: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky in ${minutes} min`);
  for (const line of failures) console.log(`  failed: ${line}`);
  return codes.every((c) => c === 0) && failures.length === 0 ? 0 : 1;
}
