// PUT /api/projects/[id]/source/archive: an uploaded zip or .tar.gz becomes the project's source. The body is read as
// a stream, counted, and stopped with 413 past the upload limit (the JSON body parsing of the route wrappers is not
// used: an archive is not JSON and may be far larger than a JSON body may be); it is then unpacked into a staging
// folder with every check of tree-writer.ts and the unpackers, and installed atomically only when all of it passed,
// so a refused archive leaves the previous source in place. The unpack is bounded in time and in how many run at once
// (unpack-slot.ts), and by the organization's storage quota (storage-room.ts) as well as the per-source limits.
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError } from "@/lib/http/errors";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { installSource } from "@/lib/sources/install-source";
import { makeStagingDir, removeDir } from "@/lib/sources/managed-source-dir";
import { SourceRefusedError } from "@/lib/sources/source-error";
import { formatBytes } from "@/lib/format/bytes";
import { sourceLimits } from "@/lib/sources/source-limits";
import { NO_SOURCE } from "@/lib/sources/source-view";
import { getStorageRoom } from "@/lib/sources/storage-room";
import { TreeWriter } from "@/lib/sources/tree-writer";
import { unpackTarGz } from "@/lib/sources/unpack-tar-gz";
import { unpackZip } from "@/lib/sources/unpack-zip";
import { withOrganizationUpload, withUnpackSlot } from "@/lib/sources/unpack-slot";

export type ArchiveFormat = "zip" | "tar.gz";

const CONTENT_TYPES: Record<string, ArchiveFormat> = {
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
  "application/x-zip": "zip",
  "application/gzip": "tar.gz",
  "application/x-gzip": "tar.gz",
  "application/x-tar+gzip": "tar.gz",
  "application/x-compressed-tar": "tar.gz",
};

export const ARCHIVE_CONTENT_TYPES = Object.keys(CONTENT_TYPES);

export function archiveFormatOf(contentType: string | null): ArchiveFormat | null {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return CONTENT_TYPES[type] ?? null;
}

export async function uploadProjectArchive({ orgId, projectId, contentType, contentLength, body, name, signal }: {
  orgId: number;
  projectId: number;
  contentType: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
  name?: string;
  /** The request's: when it ends early, the unpack stops and the staging folder is removed. */
  signal?: AbortSignal;
}) {
  // Another organization's project answers 404 before a byte of the body is read.
  await getProjectOrThrow({ orgId, id: projectId });
  const format = archiveFormatOf(contentType);
  if (!format) {
    throw new AppError("bad_request", `Send the archive as application/zip (a .zip file) or application/gzip (a .tar.gz file); this request says ${contentType ? `"${contentType}"` : "nothing"}.`, { field: "content-type" });
  }
  const limits = sourceLimits();
  const tooLarge = () => new AppError("payload_too_large", `The archive is larger than ${formatBytes(limits.maxUploadBytes)}, the limit for an upload. Leave out dependencies, build output and media, or give a Git repository instead.`);
  const declared = contentLength === null ? null : Number(contentLength);
  if (declared !== null && Number.isFinite(declared) && declared > limits.maxUploadBytes) throw tooLarge();
  if (!body) throw new AppError("bad_request", "The request has no body: send the archive's bytes.");

  return withOrganizationUpload(orgId, async () => {
    // An organization already at its quota is told so before a byte of the archive is read.
    const room = await getStorageRoom({ orgId, projectId, what: "The archive" });
    if (room.bytes <= 0) throw room.refusal();
    const staging = await makeStagingDir(orgId);
    try {
      const file = path.join(staging, "upload");
      const size = await saveBody(body, file, limits.maxUploadBytes, tooLarge);
      if (size === 0) throw new AppError("bad_request", "The request body is empty: send the archive's bytes.");
      await checkMagic(file, format);
      const treeDir = path.join(staging, "tree");
      await fs.promises.mkdir(treeDir);
      const tree = await withUnpackSlot({ deadlineMs: limits.unpackTimeoutMs, requestSignal: signal }, async (unpackSignal) => {
        const writer = new TreeWriter(treeDir, limits, "The archive", { signal: unpackSignal, room });
        await (format === "zip" ? unpackZip : unpackTarGz)(file, writer);
        return writer;
      });
      if (tree.files === 0) throw new SourceRefusedError("The archive was refused: it holds no files.");
      await installSource({
        orgId,
        projectId,
        tree: await singleTopFolder(treeDir),
        what: "The archive",
        data: {
          ...NO_SOURCE, sourceKind: "archive", sourceArchiveName: name ?? (format === "zip" ? "archive.zip" : "archive.tar.gz"),
          sourceFetchedAt: new Date(), sourceFileCount: tree.files, sourceBytes: tree.bytes,
        },
      });
      return getProjectOrThrow({ orgId, id: projectId });
    } finally {
      await removeDir(staging);
    }
  });
}

/** Writes the body to `file`, counting; past `max` bytes it stops reading and throws `tooLarge()`. */
async function saveBody(body: ReadableStream<Uint8Array>, file: string, max: number, tooLarge: () => AppError): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > max) return done(tooLarge());
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>), counter, fs.createWriteStream(file, { flags: "wx", mode: 0o600 })).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    throw new AppError("bad_request", "The upload broke off before the whole archive arrived; send it again.");
  });
  return size;
}

async function checkMagic(file: string, format: ArchiveFormat): Promise<void> {
  const fh = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(4);
    await fh.read(head, 0, 4, 0);
    const ok = format === "zip" ? head[0] === 0x50 && head[1] === 0x4b : head[0] === 0x1f && head[1] === 0x8b;
    if (!ok) {
      throw new SourceRefusedError(format === "zip" ? "The archive was refused: the file is not a zip archive." : "The archive was refused: the file is not gzip-compressed (a .tar.gz).");
    }
  } finally {
    await fh.close();
  }
}

/** Archives made from a folder ("widget-main/…") hold one folder at the top: its contents are the source. */
async function singleTopFolder(dir: string): Promise<string> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true });
  const only = entries.length === 1 ? entries[0] : undefined;
  return only?.isDirectory() ? path.join(dir, only.name) : dir;
}
