// Bad-input cases of the removal checks' route ("Check now").
import * as visibilityCheck from "@/app/api/drafts/[id]/visibility-check/route";
import type { CallOptions } from "./http";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function removalBadInputCases(expect400: Expect400, draftId: () => string): Record<string, () => Promise<void>> {
  return {
    "/api/drafts/[id]/visibility-check": async () => {
      await expect400(visibilityCheck.POST, { method: "POST", params: { id: "abc" }, body: {} });
      await expect400(visibilityCheck.POST, { method: "POST", params: { id: draftId() }, body: { permalink: "not a url" } });
      await expect400(visibilityCheck.POST, { method: "POST", params: { id: draftId() }, body: { permalink: "javascript:alert(1)" } });
      await expect400(visibilityCheck.POST, { method: "POST", params: { id: draftId() }, body: { permalink: `https://forum.example/${"x".repeat(2100)}` } });
      await expect400(visibilityCheck.POST, { method: "POST", params: { id: draftId() }, body: { status: "removed" } });
    },
  };
}
