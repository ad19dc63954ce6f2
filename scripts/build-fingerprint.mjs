// What a production build was made from, so `npm start` can tell a build of this checkout from a stale one (a
// `git pull` and `npm install` leave the previous release's .next in place, and serving it against the new schema
// broke pages). scripts/build.mjs records the fingerprint in .next beside the build; scripts/start.mjs compares.
//
// Three parts, each enough on its own: the commit (when the checkout is a git repository), the packages (the lockfile
// and what npm last installed, node_modules/.package-lock.json) and the sources (every file the build reads, by
// content: an edit that is not committed yet, or a copy of the code with no git, still counts).
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const BUILD_RECORD = path.join(".next", "outreach-build.json");

// The build's inputs: folders walked for their files, and single files. Tests are left out (an edited test changes
// nothing that is served), as are generated and installed folders.
const SOURCE_DIRS = ["app", "lib", "public", "playbooks", "prisma", "extension"];
const SOURCE_FILES = ["next.config.mjs", "package.json", "tsconfig.json", "proxy.ts", "instrumentation.ts", "postcss.config.mjs"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".next", "generated"]);
const isTest = (name) => /\.(int\.)?test\.[cm]?[jt]sx?$/.test(name);

function hashFile(hash, root, rel) {
  hash.update(rel);
  hash.update("\0");
  hash.update(fs.readFileSync(path.join(root, rel)));
  hash.update("\0");
}

function sourceFiles(root) {
  const out = [];
  const walk = (rel) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile() && !isTest(entry.name)) out.push(child);
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  for (const file of SOURCE_FILES) if (fs.existsSync(path.join(root, file))) out.push(file);
  return out.sort();
}

function digestOf(root, files) {
  const hash = createHash("sha256");
  for (const rel of files) if (fs.existsSync(path.join(root, rel))) hashFile(hash, root, rel);
  return hash.digest("hex").slice(0, 16);
}

function commitOf(root) {
  const r = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The fingerprint of the checkout as it is now. */
export function buildFingerprint(root) {
  return {
    commit: commitOf(root),
    packages: digestOf(root, ["package-lock.json", path.join("node_modules", ".package-lock.json")]),
    sources: digestOf(root, sourceFiles(root)),
  };
}

export function readBuildRecord(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, BUILD_RECORD), "utf8"));
  } catch {
    return null;
  }
}

export function writeBuildRecord(root, fingerprint) {
  fs.writeFileSync(path.join(root, BUILD_RECORD), JSON.stringify({ ...fingerprint, builtAt: new Date().toISOString() }, null, 2) + "\n");
}

/**
 * Why the build on disk is not this checkout's, in a few words, or null when it is. A build that recorded nothing
 * (made before the record existed, or by `next build` directly) is not trusted.
 */
export function staleBuildReason(recorded, current) {
  if (!recorded) return "the build does not record what it was built from";
  const changes = [];
  if (recorded.commit !== current.commit) changes.push(`the commit (${short(recorded.commit)} -> ${short(current.commit)})`);
  if (recorded.packages !== current.packages) changes.push("the installed packages");
  if (recorded.sources !== current.sources && recorded.commit === current.commit) changes.push("the source files");
  return changes.length ? `${changes.join(", ")} changed since the last build` : null;
}

const short = (commit) => (commit ? commit.slice(0, 7) : "none");
