// Cross-tenant cases of the review-day routes: bulk reject, the bulk routes' filter form ("Select all matching"),
// the tab counts and search. B, signed in to its own organization (or with its own API key), names A's drafts by
// id or by a filter that matches them: nothing of A is touched, counted or found.
import { expect } from "vitest";
import * as drafts from "@/app/api/drafts/route";
import * as bulkApprove from "@/app/api/drafts/bulk-approve/route";
import * as bulkReject from "@/app/api/drafts/bulk-reject/route";
import * as bulkReschedule from "@/app/api/drafts/bulk-reschedule/route";
import * as counts from "@/app/api/drafts/counts/route";
import { call } from "./http";
import { expectUntouched, type RouteCases, type TenantWorld } from "./cross-tenant-world";

// A's draft says "Hi, I read your post about onboarding and had a thought." (cross-tenant-world.ts).
const A_WORDS = "onboarding thought";

export function inboxRouteCases(w: TenantWorld): RouteCases {
  const asB = () => ({ cookie: w.B.cookie });
  const ids = (res: { json: { results: { id: number }[] } }) => res.json.results.map((r) => r.id);
  return {
    "/api/drafts/bulk-reject": async () => {
      const byId = await call(bulkReject.POST, { ...asB(), method: "POST", body: { ids: [w.a.draftId], reason: "not ours" } });
      expect(byId.status).toBe(200);
      expect(byId.json.results).toEqual([{ id: w.a.draftId, status: "not_found", reason: "Draft not found" }]);
      const byFilter = await call(bulkReject.POST, { ...asB(), method: "POST", body: { filter: { q: A_WORDS }, reason: "not ours" } });
      expect(byFilter.status).toBe(200);
      expect(byFilter.json).toEqual({ results: [], truncated: false });
      await expectUntouched(w);
    },
    "/api/drafts/counts": async () => {
      const res = await call(counts.GET, { ...asB(), path: `/api/drafts/counts?q=${encodeURIComponent(A_WORDS)}` });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ review: 0, approved: 0, sent: 0, replied: 0, rejected: 0, all: 0, atLeast: [] });
      const campaignOfA = await call(counts.GET, { ...asB(), path: `/api/drafts/counts?campaign=${w.a.campaignId}` });
      expect(campaignOfA.json.all).toBe(0);
    },
  };
}

/** The filter form of the routes that existed before: extra checks run inside their core cases' file. */
export async function expectFilterBulkBlind(w: TenantWorld) {
  const asB = { cookie: w.B.cookie };
  const filter = { state: "pending_review,proposed", q: A_WORDS };
  const approve = await call(bulkApprove.POST, { ...asB, method: "POST", body: { filter } });
  expect(approve.status).toBe(200);
  expect(approve.json.results.map((r: { id: number }) => r.id)).not.toContain(w.a.draftId);
  const reschedule = await call(bulkReschedule.POST, { ...asB, method: "POST", body: { filter: { campaign: String(w.a.campaignId) }, send_after: "2030-01-01T00:00:00Z" } });
  expect(reschedule.json).toEqual({ results: [], truncated: false });
  const search = await call(drafts.GET, { ...asB, path: `/api/drafts?q=${encodeURIComponent(A_WORDS)}` });
  expect(search.status).toBe(200);
  expect(search.json.drafts).toEqual([]);
  await expectUntouched(w);
}
