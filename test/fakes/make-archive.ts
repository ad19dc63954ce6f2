// Archives built byte by byte, so tests can make the ones no well-behaved tool would: entries named "../x" or "/etc/x",
// symbolic and hard links, device files, thousands of entries, and highly compressible bombs. The zip writer follows
// APPNOTE (local headers, central directory, end record; stored or deflated); the tar writer uses the `tar`
// package's header encoder and gzips the result.
import zlib from "node:zlib";
import { Header } from "tar";

export interface ZipEntry {
  name: string;
  data?: string | Buffer;
  /** A Unix mode with its type bits (0o100644 a file, 0o120777 a symbolic link, 0o020666 a character device). */
  mode?: number;
  /** 8 (deflate, the default) or 0 (stored). */
  method?: 0 | 8;
}

export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? "", "utf8");
    const method = e.name.endsWith("/") ? 0 : (e.method ?? 8);
    const stored = method === 8 ? zlib.deflateRawSync(data) : data;
    const crc = zlib.crc32(data);
    const mode = e.mode ?? (e.name.endsWith("/") ? 0o040755 : 0o100644);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, stored);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix, so the mode's type bits count
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((mode * 0x10000) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export interface TarEntry {
  path: string;
  data?: string | Buffer;
  type?: "File" | "Directory" | "SymbolicLink" | "Link" | "CharacterDevice" | "BlockDevice" | "FIFO";
  linkpath?: string;
}

export function tarGzOf(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? "", "utf8");
    const type = e.type ?? "File";
    const size = type === "File" ? data.length : 0;
    const header = new Header({
      path: e.path, mode: type === "Directory" ? 0o755 : 0o644, size, type, linkpath: e.linkpath ?? "", mtime: new Date(0),
      uid: 0, gid: 0, uname: "", gname: "", devmaj: type.endsWith("Device") ? 1 : 0, devmin: type.endsWith("Device") ? 3 : 0,
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (size > 0) blocks.push(data, Buffer.alloc((512 - (size % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}
