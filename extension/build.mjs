// Builds the extension into extension/dist (or OUTREACH_EXT_OUT): bundles each entry point with esbuild, copies
// the side panel's HTML and CSS, and writes manifest.json from the build-time config below. Tests build their own
// copy pointed at a local fake platform by setting the same variables.
//
//   OUTREACH_EXT_PLATFORM_ORIGINS  the platform's main and legacy-UI origins, comma-separated (legacy one second)
//   OUTREACH_EXT_MATRIX_BASE       the chat homeserver (Matrix client API base, no trailing slash)
//   OUTREACH_EXT_CLOUD_ORIGIN      the managed cloud dashboard, paired automatically on the first signed-in visit
//                                  (optional; no cloud pairing when unset)
//   OUTREACH_EXT_HOST_PERMISSIONS  extra origins granted at install, comma-separated (tests: the dashboard, so
//                                  "Pair with this tab" needs no permission prompt a headless browser cannot click)
//   OUTREACH_EXT_OUT               output folder (default extension/dist)
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";

const here = import.meta.dirname;
const list = (v, fallback) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : fallback);

const platformOrigins = list(process.env.OUTREACH_EXT_PLATFORM_ORIGINS, ["https://www.reddit.com", "https://old.reddit.com"]);
const config = {
  platformOrigins,
  // The legacy UI serves the inbox JSON feed; with one origin configured it serves both.
  legacyOrigin: platformOrigins[1] ?? platformOrigins[0],
  matrixBase: (process.env.OUTREACH_EXT_MATRIX_BASE ?? "https://matrix.redditspace.com").replace(/\/+$/, ""),
  cloudOrigin: process.env.OUTREACH_EXT_CLOUD_ORIGIN ? new URL(process.env.OUTREACH_EXT_CLOUD_ORIGIN).origin : null,
};
for (const origin of [...config.platformOrigins, config.matrixBase]) new URL(origin); // fail the build on a typo
const extraHosts = list(process.env.OUTREACH_EXT_HOST_PERMISSIONS, []);
const out = path.resolve(process.env.OUTREACH_EXT_OUT ?? path.join(here, "dist"));

const pattern = (origin) => `${new URL(origin).origin}/*`;
const version = JSON.parse(fs.readFileSync(path.join(here, "..", "package.json"), "utf8")).version;

const manifest = {
  manifest_version: 3,
  name: "Outreach Dashboard",
  version,
  description: "Marks drafts sent from the platform's compose pages and brings replies back to your outreach dashboards.",
  minimum_chrome_version: "116",
  permissions: ["storage", "alarms", "sidePanel", "scripting", "tabs", "webRequest"],
  host_permissions: [...new Set([...config.platformOrigins.map(pattern), pattern(config.matrixBase), ...(config.cloudOrigin ? [pattern(config.cloudOrigin)] : []), ...extraHosts.map(pattern)])],
  // Dashboards are paired one origin at a time ("Pair with this tab" asks for exactly that origin).
  optional_host_permissions: ["http://*/*", "https://*/*"],
  background: { service_worker: "background.js" },
  action: { default_title: "Outreach Dashboard" },
  side_panel: { default_path: "sidepanel.html" },
  content_scripts: [
    { matches: config.platformOrigins.map(pattern), js: ["platform.js"], run_at: "document_idle" },
    ...(config.cloudOrigin ? [{ matches: [pattern(config.cloudOrigin)], js: ["cloud.js"], run_at: "document_idle" }] : []),
  ],
};

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
await build({
  entryPoints: {
    background: path.join(here, "src/background.ts"),
    platform: path.join(here, "src/content-platform.ts"),
    cloud: path.join(here, "src/content-cloud.ts"),
    sidepanel: path.join(here, "src/sidepanel/sidepanel.ts"),
  },
  outdir: out,
  bundle: true,
  format: "iife",
  target: "chrome116",
  define: { __OUTREACH_CONFIG__: JSON.stringify(config) },
  logLevel: "warning",
});
for (const file of ["sidepanel.html", "sidepanel.css"]) fs.copyFileSync(path.join(here, "src/sidepanel", file), path.join(out, file));
fs.writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`extension built into ${path.relative(process.cwd(), out) || "."}`);
