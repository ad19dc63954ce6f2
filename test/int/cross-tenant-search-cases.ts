// Cross-tenant case of the command palette's search: B searching for A's campaign, project, draft recipient or
// draft id by its exact words finds nothing of A's, and learns nothing from the answer.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as search from "@/app/api/search/route";
import { call } from "./http";
import { type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function searchRouteCases(w: TenantWorld): RouteCases {
  return {
    "/api/search": async () => {
      const [campaign, draft] = await Promise.all([
        db.campaign.findUniqueOrThrow({ where: { id: w.a.campaignId }, select: { name: true } }),
        db.draft.findUniqueOrThrow({ where: { id: w.a.draftId }, select: { targetUser: true } }),
      ]);
      for (const q of [campaign.name, w.a.projectName, draft.targetUser, `#${w.a.draftId}`, String(w.a.draftId)]) {
        const res = await call(search.GET, { cookie: w.B.cookie, path: `/api/search?q=${encodeURIComponent(q)}` });
        expect(res.status).toBe(200);
        const mine = res.json.results.filter((r: { type: string; id: number }) =>
          (r.type === "campaign" && r.id === w.a.campaignId) || (r.type === "project" && r.id === w.a.projectId) || (r.type === "draft" && r.id === w.a.draftId),
        );
        expect(mine).toEqual([]);
        expect(JSON.stringify(res.json)).not.toContain(draft.targetUser);
      }
      // A finds its own, so the search above was a real one.
      const own = await call(search.GET, { cookie: w.A.cookie, path: `/api/search?q=${encodeURIComponent(campaign.name)}` });
      expect(own.json.results.some((r: { type: string; id: number }) => r.type === "campaign" && r.id === w.a.campaignId)).toBe(true);
    },
  };
}
