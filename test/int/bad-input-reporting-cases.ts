// Bad-input cases of the audit feed and the CSV export.
import * as audit from "@/app/api/audit/route";
import * as exportRoute from "@/app/api/export/[resource]/route";
import type { CallOptions } from "./http";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function reportingBadInputCases(expect400: Expect400): Record<string, () => Promise<void>> {
  return {
    "/api/audit": async () => {
      await expect400(audit.GET, { path: "/api/audit?cursor=page-2" });
      await expect400(audit.GET, { path: "/api/audit?draft=abc" });
      await expect400(audit.GET, { path: "/api/audit?from=yesterday" });
      await expect400(audit.GET, { path: "/api/audit?from=2026-11-02&to=2026-11-01" });
      await expect400(audit.GET, { path: "/api/audit?event=DROP%20TABLE" });
      await expect400(audit.GET, { path: "/api/audit?limit=1000" });
      await expect400(audit.GET, { path: "/api/audit?kind=system" });
      await expect400(audit.GET, { path: "/api/audit?view=everything" });
    },
    "/api/export/[resource]": async () => {
      await expect400(exportRoute.GET, { params: { resource: "drafts" }, path: "/api/export/drafts?format=json" });
      await expect400(exportRoute.GET, { params: { resource: "drafts" }, path: "/api/export/drafts?state=lost" });
      await expect400(exportRoute.GET, { params: { resource: "contacts" }, path: "/api/export/contacts?platform=myspace" });
      await expect400(exportRoute.GET, { params: { resource: "conversations" }, path: "/api/export/conversations?filter=unread" });
    },
  };
}
