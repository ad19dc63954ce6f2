// `npm run build`: the browser extension, then the Next app. The extension is built with this server's own settings
// (its platform origins, and in the cloud edition its public address, which the extension pairs with on the first
// signed-in visit), so the copy offered at /extension.zip works against this server. scripts/start.mjs and the e2e
// tier build through here too.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import { buildFingerprint, writeBuildRecord } from "./build-fingerprint.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
try {
  process.loadEnvFile(path.join(root, ".env"));
} catch {
  // no .env: the embedded defaults apply
}

/** The extension's build settings, from the server's where the operator set them. */
export function extensionBuildEnv(env = process.env) {
  const out = {};
  if (!env.OUTREACH_EXT_PLATFORM_ORIGINS && env.OUTREACH_PLATFORM_ORIGINS) out.OUTREACH_EXT_PLATFORM_ORIGINS = env.OUTREACH_PLATFORM_ORIGINS;
  if (!env.OUTREACH_EXT_CLOUD_ORIGIN && env.OUTREACH_EDITION === "cloud" && env.OUTREACH_PUBLIC_URL) out.OUTREACH_EXT_CLOUD_ORIGIN = env.OUTREACH_PUBLIC_URL;
  return out;
}

/**
 * Next's anonymous usage reports (sent by `next build` and `next dev`) are off on an install unless its operator opts in
 * with OUTREACH_NEXT_TELEMETRY=on; a NEXT_TELEMETRY_DISABLED the operator set is left as it is.
 */
export function nextTelemetryEnv(env = process.env) {
  if (env.OUTREACH_NEXT_TELEMETRY === "on" || env.NEXT_TELEMETRY_DISABLED !== undefined) return {};
  return { NEXT_TELEMETRY_DISABLED: "1" };
}

export function buildAll({ env = process.env, stdio = "inherit" } = {}) {
  const require = createRequire(import.meta.url);
  const run = (args, extra = {}) => spawnSync(process.execPath, args, { cwd: root, stdio, env: { ...env, ...nextTelemetryEnv(env), ...extra } }).status ?? 1;
  // Taken before the build: a file edited while it runs makes the next start build again rather than trust this one.
  const fingerprint = buildFingerprint(root);
  const ext = run([path.join(root, "extension", "build.mjs")], extensionBuildEnv(env));
  if (ext !== 0) return ext;
  const status = run([require.resolve("next/dist/bin/next"), "build"], { NODE_ENV: "production" });
  // What the build was made from, for scripts/start.mjs to compare with the checkout it is asked to serve.
  if (status === 0) writeBuildRecord(root, fingerprint);
  return status;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  process.exit(buildAll());
}
