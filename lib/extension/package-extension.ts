// The browser extension as a download (GET /extension.zip): the build's extension/dist folder (scripts/build.mjs
// builds it with this server's settings) packed as a zip, in memory, once per build of the folder. Chromium browsers
// load it unpacked; docs/extension.md has the steps.
import fs from "node:fs";
import path from "node:path";
import yazl from "yazl";

export const EXTENSION_DIST = path.join(process.cwd(), "extension", "dist");

export interface ExtensionPackage {
  version: string;
  fileName: string;
  zip: Buffer;
}

const cache = globalThis as unknown as { __outreachExtensionZip?: { builtAt: number; pkg: ExtensionPackage } };

/** The packed extension, or null when this install has no extension build. */
export async function packageExtension(dist: string = EXTENSION_DIST): Promise<ExtensionPackage | null> {
  const manifestPath = path.join(dist, "manifest.json");
  const stat = await fs.promises.stat(manifestPath).catch(() => null);
  if (!stat) return null;
  const hit = cache.__outreachExtensionZip;
  if (hit && hit.builtAt === stat.mtimeMs && dist === EXTENSION_DIST) return hit.pkg;
  const manifest = JSON.parse(await fs.promises.readFile(manifestPath, "utf8")) as { version?: string };
  const version = manifest.version ?? "0";
  const zip = await zipFolder(dist);
  const pkg = { version, fileName: `outreach-extension-${version}.zip`, zip };
  if (dist === EXTENSION_DIST) cache.__outreachExtensionZip = { builtAt: stat.mtimeMs, pkg };
  return pkg;
}

async function zipFolder(dir: string): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  const files = await listFiles(dir);
  // Everything inside one folder, so unpacking gives the folder to load and nothing spills into Downloads.
  for (const rel of files) archive.addFile(path.join(dir, rel), `outreach-extension/${rel.split(path.sep).join("/")}`, { mtime: new Date(0) });
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await fs.promises.readdir(path.join(dir, prefix), { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = path.join(prefix, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}
