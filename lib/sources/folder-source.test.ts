// A folder source is resolved with realpath when it is saved and again at every read. That second resolution is the
// guard against a folder swapped for a symbolic link after it was saved (docs/security.md "Files"): the stored path
// then leads out of the roots, and the read is refused rather than following it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveFolderSource } from "@/lib/sources/folder-source";
import { resolveSourcePath } from "@/lib/extraction/resolve-source-path";

let tmp: string;
let root: string;
let outside: string;
const saved = { roots: process.env.OUTREACH_SOURCE_ROOTS, data: process.env.OUTREACH_DATA_DIR, edition: process.env.OUTREACH_EDITION };

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "folder-source-")));
  root = path.join(tmp, "srv");
  outside = path.join(tmp, "outside");
  fs.mkdirSync(path.join(root, "widget"), { recursive: true });
  fs.writeFileSync(path.join(root, "widget", "README.md"), "# Widget\n");
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, "secret.txt"), "not for tenants\n");
  process.env.OUTREACH_SOURCE_ROOTS = root;
  process.env.OUTREACH_DATA_DIR = path.join(tmp, "data");
  delete process.env.OUTREACH_EDITION;
});

afterAll(() => {
  for (const [k, v] of [["OUTREACH_SOURCE_ROOTS", saved.roots], ["OUTREACH_DATA_DIR", saved.data], ["OUTREACH_EDITION", saved.edition]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a folder swapped for a link after it was saved", () => {
  it("is refused at the next read, where the saved path now leads out of the roots", async () => {
    const saved = await resolveFolderSource("widget");
    expect(saved.real).toBe(path.join(root, "widget"));
    // Someone with a shell on the server (or a process the tenant's agent ran) swaps the folder for a link.
    fs.renameSync(path.join(root, "widget"), path.join(root, "widget-old"));
    fs.symlinkSync(outside, path.join(root, "widget"));
    await expect(resolveFolderSource(saved.real)).rejects.toThrow(`${path.join(root, "widget")} is not inside a folder offered as a source (${root}) (it leads to ${outside})`);
    fs.unlinkSync(path.join(root, "widget"));
    fs.renameSync(path.join(root, "widget-old"), path.join(root, "widget"));
  });

  it("a link swapped in below the source's folder is refused file by file, at every read", async () => {
    const { real } = await resolveFolderSource("widget");
    expect((await resolveSourcePath(real, "README.md")).rel).toBe("README.md");
    fs.symlinkSync(outside, path.join(real, "docs"));
    await expect(resolveSourcePath(real, "docs/secret.txt")).rejects.toThrow("docs/secret.txt is a symlink that leads outside the source folder");
    fs.unlinkSync(path.join(real, "docs"));
  });
});
