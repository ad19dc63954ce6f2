// Bad-input cases of the operator's routes, called by an operator (the suite's owner, named in OUTREACH_OPERATORS for
// the call): a 400 with the error shape for input they refuse, and nothing written (the suite's snapshot).
import { expect } from "vitest";
import * as operator from "@/app/api/operator/route";
import * as operatorOrganizations from "@/app/api/operator/organizations/route";
import * as operatorRunners from "@/app/api/operator/runners/route";
import { call, type CallOptions } from "./http";
import type { OrgFixture } from "./fixtures";
import { withEnv } from "./org-fixtures";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function operatorBadInputCases(expect400: Expect400, org: () => OrgFixture): Record<string, () => Promise<void>> {
  const asOperator = <T>(fn: () => Promise<T>) => withEnv({ OUTREACH_OPERATORS: org().username }, fn);
  return {
    "/api/operator": async () => {
      // Takes no input: a query is ignored.
      await asOperator(async () => {
        const res = await call(operator.GET, { cookie: org().cookie, path: "/api/operator?org=1" });
        expect(res.status).toBe(200);
        expect(Array.isArray(res.json.checks)).toBe(true);
      });
    },
    "/api/operator/organizations": async () => {
      await asOperator(async () => {
        for (const q of ["q=", `q=${"x".repeat(121)}`, "q=%00", "page=2"]) {
          await expect400(operatorOrganizations.GET, { path: `/api/operator/organizations?${q}` });
        }
      });
    },
    "/api/operator/runners": async () => {
      // Takes no input: a body is ignored, and nothing is written (the inventory lives in memory).
      await asOperator(async () => {
        const res = await call(operatorRunners.POST, { method: "POST", cookie: org().cookie, body: { slug: "gemini" } });
        expect(res.status).toBe(200);
        expect(Array.isArray(res.json.runners)).toBe(true);
      });
    },
  };
}
