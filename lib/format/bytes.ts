// A size as a person reads it: "1.5 GB", "312 MB", "60 KB", "512 bytes" (binary units, the way disks and limits are
// counted here), for pages and for refusals alike.
const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= KB) return `${Number((bytes / KB).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
