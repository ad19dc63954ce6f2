// The removal-check job's body: claim the due checks, look each post up on its platform, record what was seen.
import type { Logger } from "@/lib/log/logger";
import { checkDraftVisibility } from "@/lib/removal-checks/check-draft-visibility";
import { recordVisibility } from "@/lib/removal-checks/record-visibility";
import { unsafeClaimDueChecks } from "@/lib/removal-checks/claim-due-checks";

export interface CheckDueResult {
  claimed: number;
  visible: number;
  /** Removed or not visible. */
  lost: number;
  /** Deleted by their author. */
  deleted: number;
  failed: number;
  notified: number;
}

export async function checkDueDrafts({ now, orgIds, log }: { now: () => Date; orgIds?: number[]; log?: Logger }): Promise<CheckDueResult> {
  const result: CheckDueResult = { claimed: 0, visible: 0, lost: 0, deleted: 0, failed: 0, notified: 0 };
  const claimed = await unsafeClaimDueChecks({ now: now(), orgIds });
  result.claimed = claimed.length;
  for (const c of claimed) {
    const outcome = await checkDraftVisibility({ orgId: c.orgId, draftId: c.draftId });
    if (!outcome.ok) {
      result.failed++;
      log?.warn("removal check failed", { draftId: c.draftId, error: outcome.error });
    } else if (outcome.visibility === "visible") result.visible++;
    else if (outcome.visibility === "deleted") result.deleted++;
    else result.lost++;
    const recorded = await recordVisibility({ orgId: c.orgId, draftId: c.draftId, outcome, now: now(), scheduled: c.scheduled });
    if (recorded === "notified") result.notified++;
  }
  return result;
}
