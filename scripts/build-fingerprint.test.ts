import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildFingerprint, readBuildRecord, staleBuildReason, writeBuildRecord } from "./build-fingerprint.mjs";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A checkout without git: a page, a lib file and its test, the lockfile, and a build folder. */
function checkout(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fingerprint-"));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write("app/inbox/page.tsx", "export default () => 'Inbox';");
  write("lib/drafts/approve-draft.ts", "export const x = 1;");
  write("lib/drafts/approve-draft.test.ts", "it('x', () => {});");
  write("package-lock.json", '{"lockfileVersion":3}');
  write("node_modules/left-pad/index.js", "module.exports = 1;");
  write(".next/BUILD_ID", "abc");
  return dir;
}

describe("build fingerprint", () => {
  it("a build of the checkout as it is is current", () => {
    const root = checkout();
    writeBuildRecord(root, buildFingerprint(root));
    expect(staleBuildReason(readBuildRecord(root), buildFingerprint(root))).toBeNull();
  });

  it("an edited page makes the build stale; an edited test does not", () => {
    const root = checkout();
    writeBuildRecord(root, buildFingerprint(root));
    fs.writeFileSync(path.join(root, "lib/drafts/approve-draft.test.ts"), "it('y', () => {});");
    expect(staleBuildReason(readBuildRecord(root), buildFingerprint(root))).toBeNull();
    fs.writeFileSync(path.join(root, "app/inbox/page.tsx"), "export default () => 'Inbox, renamed';");
    expect(staleBuildReason(readBuildRecord(root), buildFingerprint(root))).toBe("the source files changed since the last build");
  });

  it("a new file counts, and so do new packages", () => {
    const root = checkout();
    writeBuildRecord(root, buildFingerprint(root));
    fs.writeFileSync(path.join(root, "app/inbox/loading.tsx"), "export default () => null;");
    expect(staleBuildReason(readBuildRecord(root), buildFingerprint(root))).toMatch(/source files/);
    writeBuildRecord(root, buildFingerprint(root));
    fs.mkdirSync(path.join(root, "node_modules"), { recursive: true });
    fs.writeFileSync(path.join(root, "node_modules/.package-lock.json"), '{"packages":{"node_modules/left-pad":{"version":"2.0.0"}}}');
    expect(staleBuildReason(readBuildRecord(root), buildFingerprint(root))).toBe("the installed packages changed since the last build");
  });

  it("names the commits when they differ, and distrusts a build that recorded nothing", () => {
    const current = { commit: "b".repeat(40), packages: "p", sources: "s2" };
    expect(staleBuildReason({ commit: "a".repeat(40), packages: "p", sources: "s1" }, current)).toBe("the commit (aaaaaaa -> bbbbbbb) changed since the last build");
    expect(staleBuildReason(null, current)).toBe("the build does not record what it was built from");
  });
});
