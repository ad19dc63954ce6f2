// A gzip stream compressed on more than one core. One zlib stream compresses on one thread, about 100 MB of CSV a
// second here, and that bound a gzipped export below half of COPY's speed (docs/performance.md "CSV export"). The
// input is cut into slices, each deflated on its own by libuv's thread pool and ended with a sync flush, which closes
// it on a byte boundary without ending the stream; the slices' outputs, in order, are one valid deflate stream (each
// slice starts without the previous one's window, which costs under 1% of the size). The header, one empty final
// block and the trailer (CRC-32 and length of the whole input, computed here as it passes) make it a gzip member any
// client inflates.
import { Transform, type TransformCallback } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";

const deflateRaw = promisify(zlib.deflateRaw);

/** A slice's size: large enough that zlib's per-call cost is noise, small enough that one batch spreads over cores. */
const SLICE = 256 * 1024;

// ID1 ID2, deflate, no flags, no time, XFL 4 (fastest), OS 3 (Unix).
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 4, 3]);
// An empty block marked final: what zlib writes at the end of a stream after a flush.
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

export interface ParallelGzipOptions {
  level?: number;
  /**
   * Slices being compressed at once. They run on libuv's pool (4 threads by default), which file reads, DNS and
   * password hashing share, so an export leaves it room.
   */
  inFlight?: number;
}

export function parallelGzip({ level = zlib.constants.Z_BEST_SPEED, inFlight = 2 }: ParallelGzipOptions = {}): Transform {
  const options = { level, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const pending: Array<Promise<Buffer>> = [];
  let crc = 0;
  let length = 0;
  let started = false;

  const start = (slice: Buffer) => {
    crc = zlib.crc32(slice, crc);
    length += slice.length;
    const deflated = deflateRaw(slice, options);
    // Awaited in order below; a failure before then must not count as unhandled.
    deflated.catch(() => {});
    pending.push(deflated);
  };

  return new Transform({
    async transform(this: Transform, chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      try {
        if (!started) {
          started = true;
          this.push(HEADER);
        }
        for (let at = 0; at < chunk.length; at += SLICE) {
          start(chunk.subarray(at, at + SLICE));
          // Backpressure: the next slice waits for the oldest, and what is compressed goes out in order.
          while (pending.length >= inFlight) this.push(await pending.shift()!);
        }
        done();
      } catch (err) {
        done(err as Error);
      }
    },
    async flush(this: Transform, done: TransformCallback) {
      try {
        if (!started) this.push(HEADER);
        while (pending.length > 0) this.push(await pending.shift()!);
        const trailer = Buffer.alloc(8);
        trailer.writeUInt32LE(crc >>> 0, 0);
        trailer.writeUInt32LE(length % 2 ** 32, 4);
        this.push(Buffer.concat([FINAL_BLOCK, trailer]));
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
