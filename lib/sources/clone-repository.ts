// A shallow clone (depth 1, one branch or tag) of a public Git repository a tenant named, with isomorphic-git over
// the guarded client (lib/net/git-http.ts): within the clone time limit, a pack within the upload limit and checked
// against the unpacked limits before it is indexed (scan-git-pack.ts), and the files written through the TreeWriter.
// Only regular files are written: symbolic links and submodules in the repository are skipped (a link may point
// anywhere, and a submodule is another repository), and the .git folder is never part of the tree.
import fs from "node:fs";
import path from "node:path";
import git, { Errors } from "isomorphic-git";
import { guardedGitHttp } from "@/lib/net/git-http";
import type { DestinationPolicy } from "@/lib/net/guarded-request";
import { GuardedRequestError } from "@/lib/net/net-error";
import { privateHostsAdvice } from "@/lib/net/private-hosts";
import { scanGitPack } from "@/lib/sources/scan-git-pack";
import { SourceRefusedError } from "@/lib/sources/source-error";
import { formatBytes } from "@/lib/format/bytes";
import { type SourceLimits } from "@/lib/sources/source-limits";
import { TreeWriter } from "@/lib/sources/tree-writer";
import type { StorageRoom } from "@/lib/sources/storage-room";

export interface ClonedRepository {
  /** The folder holding the files (inside the staging folder). */
  tree: string;
  commit: string;
  files: number;
  bytes: number;
}

const REGULAR_FILE_MODES = new Set(["100644", "100755", "100664"]);

export async function cloneRepository({ url, ref, staging, limits, policy, room }: {
  url: string;
  ref: string | null;
  staging: string;
  limits: SourceLimits;
  policy: DestinationPolicy;
  /** The organization's storage room left for this source. */
  room?: StorageRoom;
}): Promise<ClonedRepository> {
  const deadline = Date.now() + limits.cloneTimeoutMs;
  const gitdir = path.join(staging, "git");
  const treeDir = path.join(staging, "tree");
  await fs.promises.mkdir(treeDir);
  const gitFs = scanningFs(limits);
  const http = guardedGitHttp({ policy, deadline, maxResponseBytes: limits.maxUploadBytes });
  try {
    await git.init({ fs: gitFs, gitdir, bare: true });
    await git.addRemote({ fs: gitFs, gitdir, remote: "origin", url });
    const fetched = await git.fetch({ fs: gitFs, http, gitdir, remote: "origin", ref: ref ?? undefined, singleBranch: true, depth: 1, tags: false });
    const commit = fetched.fetchHead;
    if (!commit) throw new SourceRefusedError("The repository was refused: it has no commits.");
    const tree = new TreeWriter(treeDir, limits, "The repository", { room });
    const { commit: head } = await git.readCommit({ fs: gitFs, gitdir, oid: commit });
    await writeTree({ gitFs, gitdir, oid: head.tree, prefix: "", tree, deadline, limits });
    if (tree.files === 0) throw new SourceRefusedError("The repository was refused: it holds no files.");
    return { tree: treeDir, commit, files: tree.files, bytes: tree.bytes };
  } catch (err) {
    throw cloneRefusal(err, { ref, limits });
  }
}

async function writeTree(args: { gitFs: typeof fs; gitdir: string; oid: string; prefix: string; tree: TreeWriter; deadline: number; limits: SourceLimits }): Promise<void> {
  const { gitFs, gitdir, oid, prefix, tree, deadline, limits } = args;
  const { tree: entries } = await git.readTree({ fs: gitFs, gitdir, oid });
  for (const entry of entries) {
    if (Date.now() > deadline) throw new GuardedRequestError("timeout", `the clone did not finish within ${limits.cloneTimeoutMs / 1000} s`);
    const rel = tree.relativePath(prefix ? `${prefix}/${entry.path}` : entry.path);
    if (rel === null) continue;
    if (entry.type === "tree") {
      tree.countEntry();
      await tree.mkdir(rel);
      await writeTree({ ...args, oid: entry.oid, prefix: rel });
    } else if (entry.type === "blob" && REGULAR_FILE_MODES.has(entry.mode)) {
      tree.countEntry();
      const { blob } = await git.readBlob({ fs: gitFs, gitdir, oid: entry.oid });
      tree.checkDeclaredSize(rel, blob.byteLength);
      await tree.writeFile(rel, blob);
    }
    // Symbolic links (120000) and submodules (160000) are skipped.
  }
}

/**
 * node:fs for isomorphic-git, except that a pack it is about to store is checked first (scan-git-pack.ts): the
 * write happens before the pack is indexed, which is the step that would inflate every object.
 */
function scanningFs(limits: SourceLimits): typeof fs {
  const p = fs.promises;
  const promises = {
    readFile: p.readFile, unlink: p.unlink, readdir: p.readdir, mkdir: p.mkdir, rmdir: p.rmdir, stat: p.stat, lstat: p.lstat,
    readlink: p.readlink, symlink: p.symlink, chmod: p.chmod,
    writeFile: async (file: string, data: Uint8Array | string, options?: unknown) => {
      if (typeof file === "string" && file.endsWith(".pack") && typeof data !== "string") scanGitPack(data, limits);
      return p.writeFile(file, data, options as never);
    },
  };
  return { promises } as unknown as typeof fs;
}

/** Every way a clone can fail, as a sentence for the person who named the repository. */
function cloneRefusal(err: unknown, { ref, limits }: { ref: string | null; limits: SourceLimits }): SourceRefusedError {
  if (err instanceof SourceRefusedError) return err;
  if (err instanceof GuardedRequestError) {
    switch (err.kind) {
      case "refused":
        return new SourceRefusedError(`The repository was refused: its address ${err.reason}. ${privateHostsAdvice()}`);
      case "timeout":
        return new SourceRefusedError(`The repository could not be fetched: the clone did not finish within ${limits.cloneTimeoutMs / 1000} s.`);
      case "too_large":
        return new SourceRefusedError(`The repository was refused: it is more than ${formatBytes(limits.maxUploadBytes)} to download, the limit for one source.`);
      default:
        return new SourceRefusedError(`The repository could not be fetched: ${err.message}.`);
    }
  }
  const wrapped = (err as { caller?: unknown; data?: { statusCode?: number } } | null) ?? {};
  if (err instanceof Errors.HttpError) {
    const status = wrapped.data?.statusCode;
    if (status === 401 || status === 403) return new SourceRefusedError("The repository asks for a sign-in: only public repositories can be fetched.");
    if (status === 404) return new SourceRefusedError("No repository was found at that address.");
    return new SourceRefusedError(`The repository could not be fetched: the server answered ${status ?? "with an error"}.`);
  }
  if (err instanceof Errors.NotFoundError && ref) return new SourceRefusedError(`The repository has no branch or tag named ${ref}.`);
  if (err instanceof Errors.SmartHttpError || err instanceof Errors.ParseError) {
    return new SourceRefusedError("No Git repository answered at that address.");
  }
  // A refusal thrown inside isomorphic-git (the pack scan) may come back wrapped.
  const cause = (err as { cause?: unknown } | null)?.cause;
  if (cause instanceof SourceRefusedError || cause instanceof GuardedRequestError) return cloneRefusal(cause, { ref, limits });
  return new SourceRefusedError(`The repository could not be fetched: ${(err as Error)?.message ?? "unknown error"}.`);
}
