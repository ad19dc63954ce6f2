// Unpacking an archive costs CPU, memory and disk that other tenants share, so an upload holds two kinds of slot:
// - its organization's: one upload per organization at a time on an instance, from the first byte read to the end
//   (a tenant who sends ten archives at once gets 429s, not ten staging folders), so a slow sender only ever delays
//   its own organization;
// - the instance's, only while it unpacks: at most UNPACK_SLOTS unpacks at once, each with a deadline after which
//   every write under way is aborted and the upload refused. The request's own end (the person closed the page, the
//   connection dropped) aborts it the same way. The caller removes the staging folder in every case.
import { rateLimited } from "@/lib/http/errors";
import { SourceRefusedError } from "@/lib/sources/source-error";

// Two: on the two-core machines the service is sized for, two unpacks (each mostly inflating and writing) leave a
// core's worth of room for every other request.
export const UNPACK_SLOTS = 2;

const uploadingOrganizations = new Set<number>();
let unpacking = 0;

/** Holds the organization's upload slot while `upload` runs; 429 when it already has one under way here. */
export async function withOrganizationUpload<T>(orgId: number, upload: () => Promise<T>): Promise<T> {
  if (uploadingOrganizations.has(orgId)) {
    throw rateLimited("Another archive of this organization is being uploaded right now; send this one when it has finished.", 5);
  }
  uploadingOrganizations.add(orgId);
  try {
    return await upload();
  } finally {
    uploadingOrganizations.delete(orgId);
  }
}

/** Runs `unpack` in one of the instance's unpack slots, with a signal that fires at the deadline or the request's end. */
export async function withUnpackSlot<T>(
  { deadlineMs, requestSignal }: { deadlineMs: number; requestSignal?: AbortSignal | null },
  unpack: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (unpacking >= UNPACK_SLOTS) throw rateLimited("The server is unpacking other archives right now; send this one again in a few seconds.", 5);
  unpacking++;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new SourceRefusedError(`The archive was refused: it did not unpack within ${Number((deadlineMs / 1000).toFixed(2))} s, the limit for one upload.`)),
    deadlineMs,
  );
  timer.unref();
  const onRequestEnd = () => controller.abort(new SourceRefusedError("The archive was refused: the upload was cancelled before it was unpacked."));
  if (requestSignal?.aborted) onRequestEnd();
  else requestSignal?.addEventListener("abort", onRequestEnd, { once: true });
  try {
    return await unpack(controller.signal);
  } finally {
    clearTimeout(timer);
    requestSignal?.removeEventListener("abort", onRequestEnd);
    unpacking--;
  }
}
