// Unpacks an uploaded .tar.gz into a staging folder through the TreeWriter (names, limits). The gzip layer is
// inflated here, counted, and stopped once it passes what the limits allow, so a gzip bomb never reaches the disk or
// memory. Symbolic and hard links, device files and FIFOs refuse the whole archive, like in a zip (unpack-zip.ts).
import fs from "node:fs";
import zlib from "node:zlib";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Parser, type ReadEntry } from "tar";
import { SourceRefusedError } from "@/lib/sources/source-error";
import { formatBytes } from "@/lib/sources/source-limits";
import type { TreeWriter } from "@/lib/sources/tree-writer";

const FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);
// A tar stream is the files plus a 512-byte header (and up to 511 bytes of padding) per entry, plus long names.
const TAR_OVERHEAD_PER_ENTRY = 2048;

export async function unpackTarGz(file: string, tree: TreeWriter): Promise<void> {
  const tarLimit = tree.limits.maxUnpackedBytes + tree.limits.maxFiles * TAR_OVERHEAD_PER_ENTRY;
  let inflated = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      inflated += chunk.length;
      if (inflated > tarLimit) return done(tree.refuse(`it unpacks to more than ${formatBytes(tree.limits.maxUnpackedBytes)}, the limit for one source`));
      done(null, chunk);
    },
  });
  // Entries are written one at a time, in order; the parser waits for each (its `entry` handler returns a promise
  // the chain below holds) only through the stream's back-pressure, so writes are queued and awaited at the end.
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const parser = new Parser({
    strict: true,
    // Pax headers and GNU long names are metadata of the next entry; 1 MB of them is far more than a real archive has.
    maxMetaEntrySize: 1024 * 1024,
  });
  const fail = (err: unknown) => {
    failure ??= err;
    counter.destroy(err as Error);
  };
  parser.on("entry", (entry: ReadEntry) => {
    // The entry is paused until the chain reaches it, which keeps the parser from racing ahead of the disk.
    entry.pause();
    chain = chain.then(() => (failure ? drain(entry) : unpackEntry(entry, tree))).catch((err: unknown) => {
      fail(err);
      drain(entry);
    });
  });
  parser.on("error", (err: Error) => fail(new SourceRefusedError(`The archive was refused: it is not a readable tar archive (${err.message}).`)));

  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), counter, parser);
  } catch (err) {
    fail(err);
  }
  await chain;
  if (failure) throw toRefusal(failure, tree);
}

async function unpackEntry(entry: ReadEntry, tree: TreeWriter): Promise<void> {
  tree.countEntry();
  const rel = tree.relativePath(entry.path);
  const shown = rel ?? entry.path;
  if (entry.type === "SymbolicLink" || entry.type === "Link") {
    throw tree.refuse(`entry "${shown}" is a ${entry.type === "Link" ? "hard" : "symbolic"} link (links are not accepted in a source archive)`);
  }
  if (entry.type === "Directory") {
    if (rel !== null) await tree.mkdir(rel);
    entry.resume();
    return;
  }
  if (!FILE_TYPES.has(entry.type)) throw tree.refuse(`entry "${shown}" is a ${describeType(entry.type)}`);
  if (rel === null) throw tree.refuse(`an entry has no name`);
  tree.checkDeclaredSize(rel, entry.size ?? 0);
  await tree.writeFile(rel, entry as unknown as NodeJS.ReadableStream as import("node:stream").Readable);
}

function describeType(type: string): string {
  switch (type) {
    case "CharacterDevice":
    case "BlockDevice":
      return "device file";
    case "FIFO":
      return "named pipe";
    default:
      return `special entry (${type}) this server does not unpack`;
  }
}

function drain(entry: ReadEntry): Promise<void> {
  entry.resume();
  return Promise.resolve();
}

function toRefusal(err: unknown, tree: TreeWriter): SourceRefusedError {
  if (err instanceof SourceRefusedError) return err;
  const code = (err as { code?: string }).code;
  if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR" || code === "ERR_ZLIB_INITIALIZATION_FAILED") {
    return tree.refuse("it is not a readable gzip file");
  }
  return tree.refuse(`it is damaged (${(err as Error).message})`);
}
