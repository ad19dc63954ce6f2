// Bad-input cases of the Outcomes view, the judge and the campaign's inbox quality default.
import * as outcomes from "@/app/api/outcomes/route";
import * as judge from "@/app/api/campaigns/[id]/judge/route";
import * as inboxQuality from "@/app/api/campaigns/[id]/inbox-quality/route";
import type { CallOptions } from "./http";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function outcomesBadInputCases(expect400: Expect400, campaignId: () => string): Record<string, () => Promise<void>> {
  return {
    "/api/outcomes": async () => {
      await expect400(outcomes.GET, { path: "/api/outcomes?from=last-week" });
      await expect400(outcomes.GET, { path: "/api/outcomes?from=2026-02-30" });
      await expect400(outcomes.GET, { path: "/api/outcomes?from=2026-11-02&to=2026-11-01" });
      await expect400(outcomes.GET, { path: "/api/outcomes?from=2020-01-01&to=2026-01-01" });
      await expect400(outcomes.GET, { path: "/api/outcomes?campaignId=abc" });
      await expect400(outcomes.GET, { path: "/api/outcomes?runner=" });
      await expect400(outcomes.GET, { path: "/api/outcomes?groupBy=week" });
    },
    "/api/campaigns/[id]/judge": async () => {
      await expect400(judge.GET, { params: { id: campaignId() }, path: `/api/campaigns/${campaignId()}/judge?weeks=0` });
      await expect400(judge.GET, { params: { id: campaignId() }, path: `/api/campaigns/${campaignId()}/judge?weeks=many` });
      await expect400(judge.GET, { params: { id: "x" }, path: "/api/campaigns/x/judge" });
    },
    "/api/campaigns/[id]/inbox-quality": async () => {
      const at = { method: "PUT", params: { id: campaignId() } };
      await expect400(inboxQuality.PUT, { ...at, body: { minQuality: 101 } });
      await expect400(inboxQuality.PUT, { ...at, body: { minQuality: "70" } });
      await expect400(inboxQuality.PUT, { ...at, body: { minQuality: 7.5 } });
      await expect400(inboxQuality.PUT, { ...at, body: {} });
      await expect400(inboxQuality.PUT, { ...at, body: { minQuality: 70, campaignId: 1 } });
    },
  };
}
