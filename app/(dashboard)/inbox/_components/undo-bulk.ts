import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import type { DraftView } from "@/lib/drafts/draft-view";
import type { BulkResult } from "./bulk-bar";
import type { ActionOutcome } from "./use-draft-actions";
import { fetchDrafts } from "./use-draft-list";

type Deps = { restore: (d: DraftView) => Promise<ActionOutcome>; replaceRows: (fresh: DraftView[]) => void };

const drafts = (n: number) => `${n} ${n === 1 ? "draft" : "drafts"}`;

/**
 * The undo offer for a bulk action: each decided draft goes back, one by one, to the state it had before the action
 * (each with the version the action left, so a draft someone changed since is not overridden): a rejected draft that
 * was approved is approved again. A reschedule puts back each draft's previous send-after time.
 * Null when the action changed nothing.
 */
export function undoBulk(
  result: BulkResult,
  fresh: DraftView[],
  before: Map<number, DraftView>,
  { restore, replaceRows }: Deps,
): { message: string; undo: () => Promise<string> } | null {
  if (fresh.length === 0) return null;
  if (result.action === "approve" || result.action === "reject") {
    const state = result.action === "approve" ? "approved" : "rejected";
    const decided = fresh.filter((d) => d.state === state);
    if (decided.length === 0) return null;
    return {
      message: `${result.action === "approve" ? "Approved" : "Rejected"} ${drafts(decided.length)}.`,
      undo: async () => {
        const outcomes = await Promise.all(decided.map((d) => restore(d)));
        const failed = outcomes.filter((o) => o !== "ok").length;
        const allFromReview = decided.every((d) => { const was = before.get(d.id)?.state; return was !== "approved" && was !== "armed"; });
        return failed === 0
          ? `${drafts(decided.length)} ${allFromReview ? "back in review" : decided.length === 1 ? "put back as it was" : "put back as they were"}.`
          : `${decided.length - failed} of ${drafts(decided.length)} put back; the others show why not.`;
      },
    };
  }
  const verb = result.action === "reschedule" ? "Rescheduled" : "Cleared the schedule of";
  return {
    message: `${verb} ${drafts(fresh.length)}.`,
    undo: async () => {
      // One bulk call per distinct previous time (usually one: most drafts had none).
      const byPrevious = new Map<string | null, number[]>();
      for (const d of fresh) {
        const previous = before.get(d.id)?.scheduledSendAfter ?? null;
        byPrevious.set(previous, [...(byPrevious.get(previous) ?? []), d.id]);
      }
      try {
        for (const [sendAfter, ids] of byPrevious) {
          await apiFetch("/api/drafts/bulk-reschedule", { method: "POST", body: { ids, send_after: sendAfter } });
        }
        return `Schedule of ${drafts(fresh.length)} put back.`;
      } catch (err) {
        return `Could not put the schedule back: ${errorMessage(err)}`;
      } finally {
        replaceRows(await fetchDrafts(fresh.map((d) => d.id)));
      }
    },
  };
}
