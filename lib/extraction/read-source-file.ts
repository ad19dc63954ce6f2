// project_extract_read: a slice of one text file of the source, at most MAX_READ_BYTES per call. Slices end on a
// character boundary, so a multi-byte character is never split between two calls; nextOffset is where the next
// call starts, null at the end of the file.
import { open } from "node:fs/promises";
import { AppError } from "@/lib/http/errors";
import { looksBinary } from "@/lib/extraction/is-text-content";
import { resolveSourcePath } from "@/lib/extraction/resolve-source-path";
import { MAX_READ_BYTES, hasBinaryExtension } from "@/lib/extraction/schemas";

export interface SourceSlice {
  path: string;
  content: string;
  size: number;
  offset: number;
  nextOffset: number | null;
}

export async function readSourceFile({ root, path: given, offset = 0, maxBytes = MAX_READ_BYTES }: { root: string; path: string; offset?: number; maxBytes?: number }): Promise<SourceSlice> {
  const file = await resolveSourcePath(root, given);
  if (file.stats.isDirectory()) throw new AppError("bad_request", `${file.rel || "."} is a folder; list it with project_extract_files`);
  if (!file.stats.isFile()) throw new AppError("bad_request", `${file.rel} is not a regular file`);
  if (hasBinaryExtension(file.rel)) throw new AppError("unprocessable", `${file.rel} is a binary file; only text files are read`);

  const size = file.stats.size;
  const want = Math.min(maxBytes, MAX_READ_BYTES);
  if (offset >= size) return { path: file.rel, content: "", size, offset, nextOffset: null };

  const fh = await open(file.abs, "r");
  try {
    // The start of the file decides text or binary, wherever this slice begins.
    if (offset > 0) {
      const head = Buffer.alloc(Math.min(8000, size));
      const { bytesRead } = await fh.read(head, 0, head.length, 0);
      if (looksBinary(head.subarray(0, bytesRead))) throw new AppError("unprocessable", `${file.rel} is a binary file; only text files are read`);
    }
    const buf = Buffer.alloc(Math.min(want, size - offset));
    const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
    let slice = buf.subarray(0, bytesRead);
    if (looksBinary(slice)) throw new AppError("unprocessable", `${file.rel} is a binary file; only text files are read`);

    // An offset inside a character (a caller's own arithmetic) starts at the next character.
    let skip = 0;
    while (skip < 3 && skip < slice.length && isContinuation(slice[skip]!)) skip++;
    let end = slice.length;
    if (offset + bytesRead < size) end = characterBoundary(slice);
    // A maxBytes smaller than one character still moves forward.
    if (end <= skip) end = slice.length;
    slice = slice.subarray(skip, end);
    const next = offset + end;
    return { path: file.rel, content: slice.toString("utf8"), size, offset: offset + skip, nextOffset: next < size ? next : null };
  } finally {
    await fh.close();
  }
}

const isContinuation = (b: number) => (b & 0xc0) === 0x80;

/** Length of `buf` without a trailing, incomplete UTF-8 sequence. */
function characterBoundary(buf: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, buf.length); back++) {
    const b = buf[buf.length - back]!;
    if (isContinuation(b)) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? buf.length - back : buf.length;
  }
  return buf.length;
}
