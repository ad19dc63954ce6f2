import { AppError } from "@/lib/http/errors";

export interface BulkResult {
  id: number;
  status: string;
  reason?: string;
}

/**
 * Runs one action per id, in order, each in its own transaction: one bad id never fails the call (SPEC 7).
 * A refusal becomes `skipped` with the reason; a missing or foreign id becomes `not_found`.
 */
export async function forEachId(ids: number[], okStatus: string, action: (id: number) => Promise<unknown>): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await action(id);
      results.push({ id, status: okStatus });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === "not_found") results.push({ id, status: "not_found", reason: "Draft not found" });
      else if (err.code === "version_conflict") results.push({ id, status: "skipped", reason: "The draft was changed by someone else" });
      else results.push({ id, status: "skipped", reason: err.message });
    }
  }
  return results;
}
