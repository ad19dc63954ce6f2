// Bad-input cases of the operator's routes, called by an operator (the suite's owner, granted for the call): a 400 with the error shape for input they refuse, and nothing written (the suite's snapshot).
import { expect } from "vitest";
import * as operator from "@/app/api/operator/route";
import * as operatorOrganizations from "@/app/api/operator/organizations/route";
import * as operatorRunners from "@/app/api/operator/runners/route";
import * as operatorBackups from "@/app/api/operator/backups/route";
import { call, type CallOptions } from "./http";
import type { OrgFixture } from "./fixtures";
import { asOperatorUser } from "./org-fixtures";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function operatorBadInputCases(expect400: Expect400, org: () => OrgFixture): Record<string, () => Promise<void>> {
  const asOperator = <T>(fn: () => Promise<T>) => asOperatorUser(org(), fn);
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
    "/api/operator/backups": async () => {
      // The schedule's row is in the suite's snapshot: a refused body writes nothing.
      await asOperator(async () => {
        for (const body of [
          {},
          { enabled: true, hourUtc: 24, keep: 14 },
          { enabled: true, hourUtc: 3, keep: 0 },
          { enabled: true, hourUtc: 3, keep: 91 },
          { enabled: "on", hourUtc: 3, keep: 14 },
          { enabled: true, hourUtc: 3, keep: 14, dir: "/tmp" },
        ]) {
          await expect400(operatorBackups.PUT, { method: "PUT", body });
        }
        await expect400(operatorBackups.PUT, { method: "PUT", rawBody: "not json", headers: { "content-type": "application/json" } });
      });
    },
  };
}
