// Checks a fetched git pack against the source limits before isomorphic-git indexes it. Indexing inflates every
// object in memory, so a small pack of highly compressible objects (a git "zip bomb") would otherwise exhaust the
// server's memory long before the files are written and counted. Here every object is inflated with a hard output
// cap (zlib's maxOutputLength), so nothing larger than one file's limit is ever held, and the objects' sizes are
// added up against the unpacked limit.
import zlib from "node:zlib";
import { formatBytes } from "@/lib/format/bytes";
import { type SourceLimits } from "@/lib/sources/source-limits";
import { SourceRefusedError } from "@/lib/sources/source-error";

// Pack object types (git's pack-format.txt).
const OFS_DELTA = 6;
const REF_DELTA = 7;

export function scanGitPack(pack: Uint8Array, limits: SourceLimits): void {
  const buf = Buffer.from(pack.buffer, pack.byteOffset, pack.byteLength);
  const refuse = (why: string) => new SourceRefusedError(`The repository was refused: ${why}.`);
  if (buf.length < 12 || buf.toString("latin1", 0, 4) !== "PACK") throw refuse("the server sent something that is not a git pack");
  const count = buf.readUInt32BE(8);
  // A shallow clone holds each file once, its folders' trees and one commit.
  const maxObjects = limits.maxFiles * 2 + 1000;
  if (count > maxObjects) throw refuse(`it has more than ${limits.maxFiles.toLocaleString("en-US")} files`);
  const perObject = limits.maxFileBytes;
  // Trees and the commit come on top of the files themselves.
  const maxTotal = limits.maxUnpackedBytes * 2;
  let total = 0;
  let pos = 12;
  for (let i = 0; i < count; i++) {
    if (pos >= buf.length) throw refuse("the pack is cut short");
    let byte = buf[pos++]!;
    const type = (byte >> 4) & 7;
    let size = byte & 0x0f;
    let shift = 4;
    while (byte & 0x80) {
      if (pos >= buf.length) throw refuse("the pack is cut short");
      byte = buf[pos++]!;
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    }
    if (type === OFS_DELTA) {
      do {
        if (pos >= buf.length) throw refuse("the pack is cut short");
        byte = buf[pos++]!;
      } while (byte & 0x80);
    } else if (type === REF_DELTA) {
      pos += 20;
    } else if (size > perObject) {
      throw refuse(`a file in it is larger than ${formatBytes(perObject)}, the limit for one file`);
    }
    let inflated: { buffer: Buffer; engine: zlib.Inflate };
    try {
      inflated = zlib.inflateSync(buf.subarray(pos), { maxOutputLength: Math.max(perObject, 1) + 64, info: true }) as unknown as { buffer: Buffer; engine: zlib.Inflate };
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw refuse(`a file in it is larger than ${formatBytes(perObject)}, the limit for one file`);
      throw refuse("the pack is damaged");
    }
    pos += inflated.engine.bytesWritten;
    let objectSize = size;
    if (type === OFS_DELTA || type === REF_DELTA) {
      // A delta starts with the size of its base and the size of the object it makes (varints).
      const [, afterBase] = readVarint(inflated.buffer, 0);
      [objectSize] = readVarint(inflated.buffer, afterBase);
      if (objectSize > perObject) throw refuse(`a file in it is larger than ${formatBytes(perObject)}, the limit for one file`);
    } else if (inflated.buffer.length !== size) {
      throw refuse("the pack is damaged");
    }
    total += objectSize;
    if (total > maxTotal) throw refuse(`its files add up to more than ${formatBytes(limits.maxUnpackedBytes)}, the limit for one source`);
  }
}

function readVarint(buf: Buffer, start: number): [number, number] {
  let value = 0;
  let shift = 0;
  let pos = start;
  for (;;) {
    const byte = buf[pos++];
    if (byte === undefined) return [value, pos];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return [value, pos];
  }
}
