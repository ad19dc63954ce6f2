// The limits of a source a tenant hands over (an uploaded archive, a cloned repository). Each default is an operator
// setting (.env.example), read at call time so a test can lower it without a restart.
import { readEnv } from "@/lib/env";

export interface SourceLimits {
  /** An upload larger than this is refused with 413 while it is being read. */
  maxUploadBytes: number;
  /** All files of one source, unpacked. */
  maxUnpackedBytes: number;
  /** One file, unpacked. */
  maxFileBytes: number;
  /** Entries (files and folders) of one archive; files of one repository. */
  maxFiles: number;
  /** A clone (every request and writing the files) gives up after this long. */
  cloneTimeoutMs: number;
  /** Unpacking an uploaded archive (inflating, checking and writing every entry) gives up after this long. */
  unpackTimeoutMs: number;
}

const MB = 1024 * 1024;

// Defaults, and why:
// - 50 MB upload (OUTREACH_SOURCE_MAX_UPLOAD_MB): the sources and docs of a large product zip to a few MB; what
//   makes archives bigger (dependencies, build output, media) is what the extractor skips anyway.
// - 200 MB unpacked (OUTREACH_SOURCE_MAX_UNPACKED_MB): four times the upload, the usual ratio of compressed source,
//   and what bounds a zip bomb's damage to the data disk.
// - 10 MB per file (OUTREACH_SOURCE_MAX_FILE_MB): a text file larger than that is data, not a description of the
//   project (the extractor reads 64 KB pages and a few pages per file).
// - 20,000 entries (OUTREACH_SOURCE_MAX_FILES): the own files of a large monorepo; the extractor lists at most
//   50,000 entries per call.
// - 60 s per clone (OUTREACH_SOURCE_CLONE_TIMEOUT_S): a shallow clone of a repository within the limits above takes a
//   few seconds; the person waits for it in the request that asked.
// - 30 s to unpack an upload (OUTREACH_SOURCE_UNPACK_TIMEOUT_S): 200 MB inflate and reach the disk in a few seconds;
//   an archive that takes longer is made to, and holds one of the instance's two unpack slots (unpack-slot.ts).
export function sourceLimits(): SourceLimits {
  const env = readEnv();
  return {
    maxUploadBytes: Math.floor(env.OUTREACH_SOURCE_MAX_UPLOAD_MB * MB),
    maxUnpackedBytes: Math.floor(env.OUTREACH_SOURCE_MAX_UNPACKED_MB * MB),
    maxFileBytes: Math.floor(env.OUTREACH_SOURCE_MAX_FILE_MB * MB),
    maxFiles: env.OUTREACH_SOURCE_MAX_FILES,
    cloneTimeoutMs: env.OUTREACH_SOURCE_CLONE_TIMEOUT_S * 1000,
    unpackTimeoutMs: Math.round(env.OUTREACH_SOURCE_UNPACK_TIMEOUT_S * 1000),
  };
}
