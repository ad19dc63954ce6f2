// Turns a path the agent gave into a file inside the source folder, or refuses it. The agent only ever names paths
// relative to the source folder; absolute paths, `..` escapes and symlinks that resolve outside are refused, so a
// playbook (or a prompt injected into a README it reads) cannot read the rest of the machine.
import path from "node:path";
import { lstat, realpath } from "node:fs/promises";
import type { Stats } from "node:fs";
import { AppError } from "@/lib/http/errors";
import { ForbiddenPathError } from "@/lib/extraction/forbidden-path-error";
import { isSecretFile } from "@/lib/extraction/schemas";

export interface ResolvedSourcePath {
  /** Relative to the source folder, with forward slashes; "" is the folder itself. */
  rel: string;
  /** The real location (symlinks resolved), inside the root. */
  abs: string;
  stats: Stats;
}

export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

export async function resolveSourcePath(root: string, given: string | undefined): Promise<ResolvedSourcePath> {
  const raw = (given ?? "").trim();
  if (raw.includes("\0")) throw new ForbiddenPathError("the path contains a NUL byte");
  const slashed = raw.replace(/\\/g, "/");
  if (path.posix.isAbsolute(slashed) || /^[a-zA-Z]:/.test(slashed) || slashed.startsWith("~")) {
    throw new ForbiddenPathError(`${raw} is not relative to the source folder; give a path like "src/index.ts"`);
  }
  const joined = path.resolve(root, slashed || ".");
  if (!isInside(root, joined)) throw new ForbiddenPathError(`${raw} leads outside the source folder`);
  const rel = path.relative(root, joined).split(path.sep).join("/");

  const segments = rel ? rel.split("/") : [];
  if (segments.some((s) => s === ".git" || s === ".hg" || s === ".svn")) {
    throw new ForbiddenPathError(`${rel}: version-control internals are not read`);
  }
  if (segments.length > 0 && isSecretFile(segments[segments.length - 1]!)) {
    throw new ForbiddenPathError(`${rel} usually holds secrets and is not read`);
  }

  const exists = await lstat(joined).catch(() => null);
  if (!exists) throw new AppError("not_found", `Nothing at ${rel || "."} in the source folder`);
  // Any symlink on the way (the file itself or a folder above it) must land inside the root.
  const real = await realpath(joined);
  if (!isInside(root, real)) throw new ForbiddenPathError(`${rel} is a symlink that leads outside the source folder`);
  const stats = await lstat(real);
  return { rel, abs: real, stats };
}
