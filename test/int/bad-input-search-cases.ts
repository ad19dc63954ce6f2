// Bad-input cases of the command palette's search.
import * as search from "@/app/api/search/route";
import type { CallOptions } from "./http";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function searchBadInputCases(expect400: Expect400): Record<string, () => Promise<void>> {
  return {
    "/api/search": async () => {
      await expect400(search.GET, { path: "/api/search" });
      await expect400(search.GET, { path: "/api/search?q=%20%20" });
      await expect400(search.GET, { path: `/api/search?q=${"x".repeat(101)}` });
      await expect400(search.GET, { path: "/api/search?q=a%00b" });
      await expect400(search.GET, { path: "/api/search?q=ok&limit=500" });
      await expect400(search.GET, { path: "/api/search?q=ok&type=campaign" });
    },
  };
}
