import { open } from "node:fs/promises";

/** How far into a file the text check looks (the same heuristic git uses: a NUL byte means binary). */
const SNIFF_BYTES = 8000;

export function looksBinary(buf: Uint8Array): boolean {
  return buf.includes(0);
}

/** True when the file's first bytes hold no NUL byte. */
export async function isTextFile(abs: string): Promise<boolean> {
  const fh = await open(abs, "r");
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    return !looksBinary(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}
