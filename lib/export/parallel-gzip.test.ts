import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { parallelGzip } from "@/lib/export/parallel-gzip";

async function gzipOf(chunks: Buffer[], inFlight?: number): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), parallelGzip({ inFlight }), new Writable({ write(c: Buffer, _e, cb) { out.push(c); cb(); } }));
  return Buffer.concat(out);
}

const csvLines = (from: number, count: number) =>
  Buffer.from(Array.from({ length: count }, (_, i) => `${from + i},pending_review,"Hi person ${from + i}, about ""cold caches""",${(from + i) % 97}\n`).join(""));

describe("parallelGzip", () => {
  it("gives a gzip file that inflates to the same bytes, across slices and chunk borders", async () => {
    // Chunks of one line, of a few hundred KB (cut into slices) and in between.
    const chunks = [csvLines(0, 1), csvLines(1, 12_000), csvLines(12_001, 37), csvLines(12_038, 9_000)];
    const gz = await gzipOf(chunks, 3);
    expect(gz.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // Buffer.equals: a deep comparison of a megabyte, element by element, takes seconds.
    expect(zlib.gunzipSync(gz).equals(Buffer.concat(chunks))).toBe(true);
  });

  it("compresses about as well as one zlib stream", async () => {
    const chunks = [csvLines(0, 30_000)];
    const ours = (await gzipOf(chunks)).length;
    const zlibs = zlib.gzipSync(Buffer.concat(chunks), { level: 1 }).length;
    expect(ours).toBeLessThan(zlibs * 1.05);
  });

  it("an empty input is an empty gzip file, not nothing", async () => {
    const gz = await gzipOf([]);
    expect(zlib.gunzipSync(gz).length).toBe(0);
  });

  it("a failing source fails the stream rather than ending it as a complete-looking file", async () => {
    async function* failing() {
      yield csvLines(0, 100);
      throw new Error("batch failed");
    }
    const out: Buffer[] = [];
    await expect(pipeline(Readable.from(failing()), parallelGzip(), new Writable({ write(c: Buffer, _e, cb) { out.push(c); cb(); } }))).rejects.toThrow("batch failed");
    expect(() => zlib.gunzipSync(Buffer.concat(out))).toThrow();
  });
});
