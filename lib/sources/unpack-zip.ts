// Unpacks an uploaded zip archive into a staging folder through the TreeWriter (names, limits). Symbolic links, device
// files and encrypted entries refuse the whole archive: an archive made by hand for this has none, and one that does
// is either a mistake or an attempt to read outside its folder (docs/security.md "Files").
import yauzl from "yauzl";
import type { Readable } from "node:stream";
import { SourceRefusedError } from "@/lib/sources/source-error";
import type { TreeWriter } from "@/lib/sources/tree-writer";

// The type bits of a Unix mode, as zip tools made on Unix store it in the upper half of the external attributes.
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

export async function unpackZip(file: string, tree: TreeWriter): Promise<void> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: true }).catch((err: Error) => {
    throw tree.refuse(`it is not a readable zip file (${err.message})`);
  });
  try {
    // The central directory says how many entries there are: a zip with too many is refused before reading any.
    if (zip.entryCount > tree.limits.maxFiles) {
      throw tree.refuse(`it has more than ${tree.limits.maxFiles.toLocaleString("en-US")} entries`);
    }
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      await unpackEntry(zip, entry, tree);
    }
  } finally {
    zip.close();
  }
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(err));
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  }).catch((err: unknown) => {
    if (err instanceof SourceRefusedError) throw err;
    throw new SourceRefusedError(`The archive was refused: it is damaged (${(err as Error).message}).`);
  }) as Promise<yauzl.Entry | null>;
}

async function unpackEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, tree: TreeWriter): Promise<void> {
  tree.countEntry();
  const raw = entry.fileName as unknown as Buffer;
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
  const rel = tree.relativePath(name);
  const madeOnUnix = entry.versionMadeBy >> 8 === 3;
  const type = madeOnUnix ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  const looksLikeDir = name.endsWith("/");
  if (type === S_IFLNK) throw tree.refuse(`entry "${rel ?? name}" is a symbolic link (links are not accepted in a source archive)`);
  if (type !== 0 && type !== S_IFDIR && type !== S_IFREG) throw tree.refuse(`entry "${rel ?? name}" is a device file or another special file`);
  if (looksLikeDir || type === S_IFDIR) {
    if (rel !== null) await tree.mkdir(rel);
    return;
  }
  if (rel === null) return;
  if (entry.isEncrypted()) throw tree.refuse(`entry "${rel}" is encrypted`);
  if (!entry.canDecodeFileData()) throw tree.refuse(`entry "${rel}" uses a compression method this server does not read (only stored and deflated)`);
  tree.checkDeclaredSize(rel, entry.uncompressedSize);
  const stream: Readable = await zip.openReadStreamPromise(entry).catch((err: Error) => {
    throw tree.refuse(`entry "${rel}" cannot be read (${err.message})`);
  });
  await tree.writeFile(rel, stream).catch((err: unknown) => {
    if (err instanceof SourceRefusedError) throw err;
    // validateEntrySizes: an entry that inflates to more (or less) than its header declared is a damaged or crafted zip.
    throw tree.refuse(`entry "${rel}" cannot be read (${(err as Error).message})`);
  });
}
