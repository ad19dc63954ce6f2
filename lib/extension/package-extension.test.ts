import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { packageExtension } from "@/lib/extension/package-extension";

const dist = fs.mkdtempSync(path.join(os.tmpdir(), "ext-dist-"));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** Reads a zip back with yauzl, the reader the app uses for uploaded sources. */
function entriesOf(zip: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const out: Record<string, string> = {};
      file.on("error", reject);
      file.on("end", () => resolve(out));
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out[entry.fileName] = Buffer.concat(chunks).toString("utf8");
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

describe("packageExtension", () => {
  it("is null without a build", async () => {
    expect(await packageExtension(path.join(dist, "missing"))).toBeNull();
  });

  it("packs every file of the build inside one outreach-extension folder, named by the manifest's version", async () => {
    fs.writeFileSync(path.join(dist, "manifest.json"), JSON.stringify({ manifest_version: 3, version: "1.2.3" }));
    fs.writeFileSync(path.join(dist, "background.js"), "console.log('bg')");
    fs.mkdirSync(path.join(dist, "icons"));
    fs.writeFileSync(path.join(dist, "icons", "a.txt"), "icon");
    const pkg = await packageExtension(dist);
    expect(pkg?.fileName).toBe("outreach-extension-1.2.3.zip");
    const files = await entriesOf(pkg!.zip);
    expect(Object.keys(files).sort()).toEqual(["outreach-extension/background.js", "outreach-extension/icons/a.txt", "outreach-extension/manifest.json"]);
    expect(JSON.parse(files["outreach-extension/manifest.json"]!)).toMatchObject({ version: "1.2.3" });
  });
});
