// Bad-input cases of the review-day routes (bulk reject, the bulk routes' filter form, the tab counts, search):
// each answers 400 with the one error shape and writes nothing.
import * as drafts from "@/app/api/drafts/route";
import * as bulkApprove from "@/app/api/drafts/bulk-approve/route";
import * as bulkReject from "@/app/api/drafts/bulk-reject/route";
import * as bulkReschedule from "@/app/api/drafts/bulk-reschedule/route";
import * as counts from "@/app/api/drafts/counts/route";
import type { CallOptions } from "./http";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function inboxBadInputCases(expect400: Expect400, draftId: () => number): Record<string, () => Promise<void>> {
  const post = (body: unknown): CallOptions => ({ method: "POST", body });
  return {
    "/api/drafts/bulk-reject": async () => {
      await expect400(bulkReject.POST, post({}));
      await expect400(bulkReject.POST, post({ ids: [] }));
      await expect400(bulkReject.POST, post({ ids: [String(draftId())] }));
      await expect400(bulkReject.POST, post({ ids: [draftId()], reason: "" }));
      await expect400(bulkReject.POST, post({ ids: [draftId()], reason: "x".repeat(501) }));
      await expect400(bulkReject.POST, post({ ids: [draftId()], state: "rejected" }));
      // ids and a filter at once: which one was meant?
      await expect400(bulkReject.POST, post({ ids: [draftId()], filter: {} }));
      await expect400(bulkReject.POST, post({ filter: { state: "lost" } }));
      await expect400(bulkReject.POST, post({ filter: { sort: "newest" } }));
      await expect400(bulkReject.POST, post({ filter: { q: "x".repeat(201) } }));
      await expect400(bulkReject.POST, { method: "POST", rawBody: "{ids", headers: { "content-type": "application/json" } });
    },
    "/api/drafts/counts": async () => {
      await expect400(counts.GET, { path: "/api/drafts/counts?state=lost" });
      await expect400(counts.GET, { path: "/api/drafts/counts?campaign=abc" });
      await expect400(counts.GET, { path: "/api/drafts/counts?minQuality=101" });
      await expect400(counts.GET, { path: "/api/drafts/counts?cursor=abc" });
      await expect400(counts.GET, { path: `/api/drafts/counts?q=${"x".repeat(201)}` });
    },
  };
}

/** Extra checks for the older routes' new forms, run from their cases in bad-input.int.test.ts. */
export async function expectFilterBad400(expect400: Expect400, draftId: () => number) {
  await expect400(bulkApprove.POST, { method: "POST", body: { filter: { platform: "myspace" } } });
  await expect400(bulkApprove.POST, { method: "POST", body: { filter: { minQuality: 101 } } });
  await expect400(bulkApprove.POST, { method: "POST", body: { ids: [draftId()], filter: { state: "pending_review" } } });
  await expect400(bulkReschedule.POST, { method: "POST", body: { filter: { state: "pending_review" } } });
  await expect400(bulkReschedule.POST, { method: "POST", body: { filter: { limit: 5 }, send_after: null } });
  await expect400(drafts.GET, { path: `/api/drafts?q=${"x".repeat(201)}` });
  await expect400(drafts.GET, { path: "/api/drafts?q=%00" });
}
