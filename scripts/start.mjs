// `npm start` (and `npm run dev`): the one command that serves the dashboard on a fresh machine.
// It builds when there is no build of this checkout yet (none at all, or one made from another commit, other
// packages or other sources), then runs Next in this very process, so there is a single process
// to stop (the embedded PostgreSQL, started by the app's instrumentation hook, is its child).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import v8 from "node:v8";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
try {
  process.loadEnvFile(path.join(root, ".env"));
} catch {
  // no .env: the embedded defaults apply
}

// Next's anonymous telemetry stays off unless the operator opts in (scripts/build.mjs, nextTelemetryEnv).
if (process.env.OUTREACH_NEXT_TELEMETRY !== "on") process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
const port = Number(process.env.PORT ?? 3000);

if (mode === "dev") {
  const r = spawnSync(process.execPath, [nextBin, "dev", "-p", String(port)], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}

// A build is served only if it was made from this very checkout: after `git pull` and `npm install` the previous
// release's build is still on disk, and serving it against the new schema broke pages (docs/deploying.md, "Upgrading").
const { buildFingerprint, readBuildRecord, staleBuildReason } = await import("./build-fingerprint.mjs");
const stale = fs.existsSync(path.join(root, ".next", "BUILD_ID"))
  ? staleBuildReason(readBuildRecord(root), buildFingerprint(root))
  : "there is no production build yet";
if (stale) {
  console.log(`Building (about a minute): ${stale}.`);
  const { buildAll } = await import("./build.mjs");
  const status = buildAll();
  if (status !== 0) process.exit(status);
}

// V8 lets its heap grow to several times what is live before it collects (up to 4x on a machine with memory to
// spare): after 1,000 inbox pages the server held 261 MB of old space for 101 MB of live objects. Half again is plenty
// for a web server's garbage, at no measurable cost in requests a second (docs/performance.md, "Memory and start-up").
// Read at each collection, so it applies from here on; the `node` on the command line needs no flags of its own.
v8.setFlagsFromString("--heap-growing-percent=50");

process.env.NODE_ENV = "production";
const { nextStart } = require("next/dist/cli/next-start.js");
// Idle connections are kept 65 s, longer than the 60 s proxies and load balancers keep theirs: a server that closes
// first can close a connection the proxy is sending a request on that instant, which the client sees as a reset.
await nextStart({ port, hostname: process.env.HOSTNAME ?? "0.0.0.0", keepAliveTimeout: 65_000 }, root);
