import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { scanGitPack } from "@/lib/sources/scan-git-pack";
import type { SourceLimits } from "@/lib/sources/source-limits";

const limits: SourceLimits = { maxUploadBytes: 1 << 20, maxUnpackedBytes: 64 * 1024, maxFileBytes: 16 * 1024, maxFiles: 100, cloneTimeoutMs: 1000, unpackTimeoutMs: 1000 };

/** A pack object header: type in bits 4-6 of the first byte, the size as a little-endian base-128 number. */
function objectHeader(type: number, size: number): Buffer {
  const bytes = [(type << 4) | (size & 0x0f)];
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes[bytes.length - 1]! |= 0x80;
    bytes.push(rest & 0x7f);
    rest = Math.floor(rest / 128);
  }
  return Buffer.from(bytes);
}

function pack(objects: Array<{ type: number; declared: number; body: Buffer; base?: Buffer }>): Buffer {
  const head = Buffer.alloc(12);
  head.write("PACK", 0, "latin1");
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(objects.length, 8);
  const parts = objects.flatMap((o) => [objectHeader(o.type, o.declared), ...(o.base ? [o.base] : []), zlib.deflateSync(o.body)]);
  return Buffer.concat([head, ...parts, Buffer.alloc(20)]);
}

const blob = (body: Buffer, declared = body.length) => ({ type: 3, declared, body });

describe("scanGitPack", () => {
  it("accepts a pack within the limits", () => {
    expect(() => scanGitPack(pack([blob(Buffer.from("hello")), blob(Buffer.alloc(10 * 1024, 1))]), limits)).not.toThrow();
  });

  it("refuses a file over the per-file limit from its header, before inflating it", () => {
    expect(() => scanGitPack(pack([blob(Buffer.alloc(10), 1 << 30)]), limits)).toThrow("a file in it is larger than 16 KB, the limit for one file");
  });

  it("refuses an object whose header lies: inflation stops at the cap", () => {
    // 100 MB of zeros is ~100 KB compressed; declared as 10 bytes. The cap keeps memory at the per-file limit.
    const bomb = { type: 3, declared: 10, body: Buffer.alloc(100 * 1024 * 1024) };
    expect(() => scanGitPack(pack([bomb]), limits)).toThrow("a file in it is larger than 16 KB, the limit for one file");
  });

  it("refuses files that add up to more than the unpacked limit, and a delta that makes a file over the limit", () => {
    const many = Array.from({ length: 9 }, () => blob(Buffer.alloc(15 * 1024)));
    expect(() => scanGitPack(pack(many), limits)).toThrow("its files add up to more than 64 KB");
    // A REF_DELTA whose instructions claim to build a 1 GB object from a small base.
    const delta = Buffer.from([0x05, 0x80, 0x80, 0x80, 0x80, 0x04]);
    expect(() => scanGitPack(pack([{ type: 7, declared: delta.length, body: delta, base: Buffer.alloc(20) }]), limits)).toThrow("larger than 16 KB");
  });

  it("refuses what is not a pack, and a pack cut short", () => {
    expect(() => scanGitPack(Buffer.from("<html>not a pack</html>"), limits)).toThrow("not a git pack");
    const whole = pack([blob(Buffer.from("hello")), blob(Buffer.from("world"))]);
    expect(() => scanGitPack(whole.subarray(0, 20), limits)).toThrow(/cut short|damaged/);
  });
});
