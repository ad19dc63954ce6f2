import { formatBytes } from "@/lib/format/bytes";

export type StorageFigures = { usedBytes: number; quotaBytes: number };

/** "Uploaded and fetched sources: 312 MB of 1 GB used", amber from 80 %: the organization's source storage quota. */
export function StorageUsageLine({ storage }: { storage: StorageFigures }) {
  const share = storage.quotaBytes > 0 ? storage.usedBytes / storage.quotaBytes : 1;
  const tone = share >= 0.8 ? "text-amber-700 dark:text-amber-400" : "text-zinc-500 dark:text-zinc-400";
  return (
    <p className={`text-xs ${tone}`} data-testid="storage-usage">
      This organization&apos;s uploaded and fetched sources: {formatBytes(storage.usedBytes)} of {formatBytes(storage.quotaBytes)} used
      {share >= 1 ? ". Remove a source you no longer need before adding another." : "."}
    </p>
  );
}
