// Writes the files of a source a tenant handed over (an archive's entries, a repository's blobs) into a fresh staging
// folder, and nothing else: every name is checked before anything is written (no absolute paths, no `..`, no NUL),
// every write stays inside the folder, and the limits (entries, bytes per file, bytes in all) are counted on what is
// really written, not on what the archive declares. Links are never created, so no later write can be redirected
// through one.
import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { formatBytes } from "@/lib/format/bytes";
import { type SourceLimits } from "@/lib/sources/source-limits";
import { SourceRefusedError } from "@/lib/sources/source-error";
import type { StorageRoom } from "@/lib/sources/storage-room";

export interface TreeWriterOptions {
  /** Aborts every write under way and refuses the next entry: the deadline of the unpack, or the request ending. */
  signal?: AbortSignal;
  /** The organization's storage room left for this source (storage-room.ts); refused with its own sentence past it. */
  room?: StorageRoom;
}

export class TreeWriter {
  entries = 0;
  files = 0;
  bytes = 0;
  private readonly madeDirs = new Set<string>();

  constructor(
    /** The staging folder (empty, made by the caller). */
    readonly root: string,
    readonly limits: SourceLimits,
    /** "The archive", "The repository": opens every refusal. */
    readonly what: string,
    private readonly options: TreeWriterOptions = {},
  ) {}

  get signal(): AbortSignal | undefined {
    return this.options.signal;
  }

  /**
   * The entry's path relative to the root, with forward slashes, or null for the root itself ("./"). Refuses what
   * could land outside the root.
   */
  relativePath(rawName: string): string | null {
    const shown = JSON.stringify(rawName.length > 200 ? `${rawName.slice(0, 200)}…` : rawName);
    if (rawName.includes("\0")) throw this.refuse(`entry ${shown} has a NUL character in its name`);
    const name = rawName.replace(/\\/g, "/");
    if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) throw this.refuse(`entry ${shown} is an absolute path`);
    const segments = name.split("/").filter((s) => s !== "" && s !== ".");
    if (segments.includes("..")) throw this.refuse(`entry ${shown} leads outside its folder (..)`);
    if (segments.length === 0) return null;
    return segments.join("/");
  }

  /** Counts one entry of any kind against the entry limit. */
  countEntry(): void {
    if (this.signal?.aborted) throw this.stopped();
    if (++this.entries > this.limits.maxFiles) {
      throw this.refuse(`it has more than ${this.limits.maxFiles.toLocaleString("en-US")} entries`);
    }
  }

  async mkdir(rel: string): Promise<void> {
    const abs = this.absolute(rel);
    if (this.madeDirs.has(abs)) return;
    await fs.promises.mkdir(abs, { recursive: true, mode: 0o755 }).catch((err: unknown) => {
      const code = (err as { code?: string }).code;
      if (code === "ENOTDIR" || code === "EEXIST") throw this.refuse(`entry "${rel}" is both a file and a folder`);
      throw err;
    });
    this.madeDirs.add(abs);
  }

  /** Refuses before reading when the size is known up front (an archive's header, a repository's blob). */
  checkDeclaredSize(rel: string, size: number): void {
    if (size > this.limits.maxFileBytes) throw this.tooLargeFile(rel);
    if (this.bytes + size > this.limits.maxUnpackedBytes) throw this.tooLargeTotal();
    if (this.options.room && this.bytes + size > this.options.room.bytes) throw this.options.room.refusal();
  }

  /** Writes one file from a stream, counting its bytes against both limits as they arrive. */
  async writeFile(rel: string, content: Readable | Uint8Array): Promise<void> {
    const abs = this.absolute(rel);
    await this.mkdir(path.posix.dirname(rel) === "." ? "" : path.posix.dirname(rel));
    let written = 0;
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        written += chunk.length;
        this.bytes += chunk.length;
        if (written > this.limits.maxFileBytes) return done(this.tooLargeFile(rel));
        if (this.bytes > this.limits.maxUnpackedBytes) return done(this.tooLargeTotal());
        if (this.options.room && this.bytes > this.options.room.bytes) return done(this.options.room.refusal());
        done(null, chunk);
      },
    });
    const source = content instanceof Uint8Array ? [Buffer.from(content)] : content;
    // "wx": a second entry of the same name is an error, never a silent overwrite; the mode drops any set-id or
    // executable bit the archive carried.
    await pipeline(source, counter, fs.createWriteStream(abs, { flags: "wx", mode: 0o644 }), { signal: this.signal }).catch((err: unknown) => {
      if (err instanceof SourceRefusedError) throw err;
      if (this.signal?.aborted) throw this.stopped();
      if ((err as { code?: string }).code === "EEXIST") throw this.refuse(`entry "${rel}" appears twice`);
      if ((err as { code?: string }).code === "ENOTDIR" || (err as { code?: string }).code === "EISDIR") {
        throw this.refuse(`entry "${rel}" is both a file and a folder`);
      }
      throw err;
    });
    this.files++;
  }

  refuse(why: string): SourceRefusedError {
    return new SourceRefusedError(`${this.what} was refused: ${why}.`);
  }

  /** Why the unpack stopped when its signal fired: the deadline passed, or the person's request ended. */
  stopped(): SourceRefusedError {
    const reason: unknown = this.signal?.reason;
    if (reason instanceof SourceRefusedError) return reason;
    return this.refuse("the upload was cancelled before it was unpacked");
  }

  private tooLargeFile(rel: string): SourceRefusedError {
    return this.refuse(`"${rel}" is larger than ${formatBytes(this.limits.maxFileBytes)}, the limit for one file`);
  }

  private tooLargeTotal(): SourceRefusedError {
    return this.refuse(`its files add up to more than ${formatBytes(this.limits.maxUnpackedBytes)}, the limit for one source`);
  }

  private absolute(rel: string): string {
    const abs = path.resolve(this.root, rel);
    // The names were checked; this is the last line should a check ever be wrong.
    const back = path.relative(this.root, abs);
    if (back.startsWith("..") || path.isAbsolute(back)) throw this.refuse(`entry "${rel}" leads outside its folder`);
    return abs;
  }
}
