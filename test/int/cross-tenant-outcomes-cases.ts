// Cross-tenant cases of the Outcomes view, the judge and the campaign's inbox quality default: B never sees A's
// counts, never learns A's campaign exists (404, as for a missing one) and never changes its default.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as outcomes from "@/app/api/outcomes/route";
import * as judge from "@/app/api/campaigns/[id]/judge/route";
import * as inboxQuality from "@/app/api/campaigns/[id]/inbox-quality/route";
import { call } from "./http";
import { expectUntouched, id, type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function outcomesRouteCases(w: TenantWorld): RouteCases {
  const asB = () => ({ cookie: w.B.cookie });
  return {
    "/api/outcomes": async () => {
      // A has a draft; B's view counts none of it, and naming A's campaign is a 404 like a missing one.
      const own = await call(outcomes.GET, { ...asB(), path: "/api/outcomes" });
      expect(own.status).toBe(200);
      expect(own.json.totals.drafted).toBe(0);
      expect(own.json.byCampaign).toEqual([]);
      const named = await call(outcomes.GET, { ...asB(), path: `/api/outcomes?campaignId=${w.a.campaignId}` });
      const missing = await call(outcomes.GET, { ...asB(), path: "/api/outcomes?campaignId=2147483647" });
      expect(named.status).toBe(404);
      expect(named.json).toEqual(missing.json);
      expect(await db.outcomeDay.count({ where: { organizationId: w.B.orgId } })).toBe(0);
    },
    "/api/campaigns/[id]/judge": async () => {
      const res = await call(judge.GET, { ...asB(), params: { id: id(w.a.campaignId) }, path: `/api/campaigns/${w.a.campaignId}/judge` });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.json)).not.toContain("bands");
    },
    "/api/campaigns/[id]/inbox-quality": async () => {
      const res = await call(inboxQuality.PUT, { ...asB(), method: "PUT", params: { id: id(w.a.campaignId) }, body: { minQuality: 90 } });
      expect(res.status).toBe(404);
      expect((await db.campaign.findUniqueOrThrow({ where: { id: w.a.campaignId } })).inboxMinQuality).toBeNull();
      await expectUntouched(w);
    },
  };
}
