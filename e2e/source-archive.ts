// A .tar.gz of a few text files, made with the `tar` package (no binary needed), for specs and tools that give a
// project an uploaded archive as its source (PUT /api/projects/[id]/source/archive).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create } from "tar";

export async function tarGzOf(files: Record<string, string>): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-archive-"));
  try {
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of create({ gzip: true, cwd: dir, portable: true }, Object.keys(files))) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
