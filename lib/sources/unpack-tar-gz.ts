// Unpacks an uploaded .tar.gz into a staging folder through the TreeWriter (names, limits). The gzip layer is
// inflated here, counted, and cut once it passes what the limits allow, so a gzip bomb never reaches the disk or
// memory. Symbolic and hard links, device files and FIFOs refuse the whole archive, like in a zip (unpack-zip.ts).
//
// Reading stops at the tar end-of-archive marker (two zero blocks): whatever follows it is not part of the archive,
// and feeding it to the parser costs quadratic time (it concatenates every further chunk onto one buffer). A megabyte
// of gzip can inflate to a gigabyte of zeros after the marker, so nothing after it is inflated at all.
import fs from "node:fs";
import zlib from "node:zlib";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Parser, type ReadEntry } from "tar";
import { SourceRefusedError } from "@/lib/sources/source-error";
import { formatBytes } from "@/lib/format/bytes";
import type { TreeWriter } from "@/lib/sources/tree-writer";

const FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);
// A tar stream is the files plus a 512-byte header (and up to 511 bytes of padding) per entry, plus long names.
const TAR_OVERHEAD_PER_ENTRY = 2048;

/** Thrown into the pipeline to stop reading once the archive has ended; not an error. */
class EndOfArchive extends Error {}

export async function unpackTarGz(file: string, tree: TreeWriter): Promise<void> {
  const tarLimit = tree.limits.maxUnpackedBytes + tree.limits.maxFiles * TAR_OVERHEAD_PER_ENTRY;
  let inflated = 0;
  let archiveEnded = false;
  // Entries are written one at a time, in order: each is paused until the chain reaches it, which keeps the parser
  // from racing ahead of the disk (its write() answers false meanwhile, and the sink below waits for its drain).
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const parser = new Parser({
    strict: true,
    // Pax headers and GNU long names are metadata of the next entry; 1 MB of them is far more than a real archive has.
    maxMetaEntrySize: 1024 * 1024,
  });
  const fail = (err: unknown) => {
    failure ??= err;
  };
  parser.on("entry", (entry: ReadEntry) => {
    entry.pause();
    chain = chain.then(() => (failure ? drain(entry) : unpackEntry(entry, tree))).catch((err: unknown) => {
      fail(err);
      drain(entry);
    });
  });
  // The parser announces the marker as soon as it reads it, or, when entries are still being written, just before it
  // drains: either way before the sink hands it another chunk.
  parser.on("eof", () => {
    archiveEnded = true;
  });
  parser.on("error", (err: Error) => fail(new SourceRefusedError(`The archive was refused: it is not a readable tar archive (${err.message}).`)));

  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (failure) return done(failure as Error);
      if (archiveEnded) return done(new EndOfArchive());
      inflated += chunk.length;
      if (inflated > tarLimit) return done(tree.refuse(`it unpacks to more than ${formatBytes(tree.limits.maxUnpackedBytes)}, the limit for one source`));
      if (parser.write(chunk)) return done(failure as Error | null);
      parser.once("drain", () => done(failure as Error | null));
    },
    final(done) {
      parser.end();
      done();
    },
  });

  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), sink, { signal: tree.signal });
  } catch (err) {
    if (err instanceof EndOfArchive) parser.end();
    else fail(err);
  }
  if (failure) parser.abort(failure as Error);
  await chain;
  if (failure) throw toRefusal(failure, tree);
  if (!archiveEnded && tree.files === 0) throw tree.refuse("it is not a readable tar archive");
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
  if (tree.signal?.aborted) return tree.stopped();
  const code = (err as { code?: string }).code;
  if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR" || code === "ERR_ZLIB_INITIALIZATION_FAILED") {
    return tree.refuse("it is not a readable gzip file");
  }
  return tree.refuse(`it is damaged (${(err as Error).message})`);
}
