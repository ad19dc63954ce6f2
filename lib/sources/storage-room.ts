// The storage quota at the two moments it matters (docs/security.md "Storage quotas"): before a source is unpacked
// or cloned (the room left caps what it may unpack to, so an over-quota archive stops early), and when its tree is
// about to become current (counted again under the organization's lock, so two uploads at once cannot both take the
// last of the room).
import type { Tx } from "@/lib/db/client";
import { SourceRefusedError } from "@/lib/sources/source-error";
import { formatBytes } from "@/lib/format/bytes";
import { sourceBytesInUse } from "@/lib/sources/get-storage-usage";
import { getResourceAllowance, type ResourceAllowance } from "@/lib/organizations/get-resource-allowance";

export interface StorageRoom {
  /** What this project's new source may take: the quota less every other project's sources. */
  bytes: number;
  refusal: () => SourceRefusedError;
}

/** The room a project's next source has (`projectId` null: a project being created). */
export async function getStorageRoom({ orgId, projectId, what }: { orgId: number; projectId: number | null; what: string }): Promise<StorageRoom> {
  const [others, allowance] = await Promise.all([sourceBytesInUse({ orgId, exceptProjectId: projectId ?? undefined }), getResourceAllowance({ orgId })]);
  return { bytes: Math.max(0, allowance.quotaBytes - others), refusal: () => storageRefusal(what, others, allowance) };
}

/** Inside the transaction that makes a tree current: refuses it when it no longer fits. */
export async function assertStorageRoom(tx: Tx, { orgId, projectId, bytes, what }: { orgId: number; projectId: number; bytes: number; what: string }): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`organization-sources:${orgId}`}))`;
  const [others, allowance] = await Promise.all([sourceBytesInUse({ orgId, exceptProjectId: projectId, tx }), getResourceAllowance({ orgId })]);
  if (others + bytes > allowance.quotaBytes) throw storageRefusal(what, others, allowance);
}

function storageRefusal(what: string, others: number, allowance: ResourceAllowance): SourceRefusedError {
  const upgrade = allowance.plan ? ", or move to a larger plan in Settings > Plan and usage" : "";
  return new SourceRefusedError(
    `${what} was refused: this organization's sources may take ${formatBytes(allowance.quotaBytes)} in all, and other projects use ${formatBytes(others)} of it. Remove a source you no longer need${upgrade}.`,
  );
}
