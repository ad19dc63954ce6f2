// Cross-tenant cases of the operator's routes: they read every organization on purpose, so the only question is who
// may call them. B (an owner of an organization that is not the install's default, and not named in
// OUTREACH_OPERATORS) gets a 404 like a missing route, in both editions, and learns nothing of A.
import { expect } from "vitest";
import * as operator from "@/app/api/operator/route";
import * as operatorOrganizations from "@/app/api/operator/organizations/route";
import * as operatorRunners from "@/app/api/operator/runners/route";
import { call } from "./http";
import { withEnv } from "./org-fixtures";
import { expectUntouched, type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function operatorRouteCases(w: TenantWorld): RouteCases {
  const refusedToB = async (handler: Parameters<typeof call>[0], opts: Parameters<typeof call>[1]) => {
    for (const edition of ["self-hosted", "cloud"]) {
      await withEnv({ OUTREACH_EDITION: edition, OUTREACH_OPERATORS: "someone-else" }, async () => {
        const res = await call(handler, { cookie: w.B.cookie, ...opts });
        expect(res.status, `${edition}: ${JSON.stringify(res.json)}`).toBe(404);
        expect(res.json).toEqual({ error: "not_found", message: "Route not found" });
      });
    }
    await expectUntouched(w);
  };
  return {
    "/api/operator": () => refusedToB(operator.GET, {}),
    "/api/operator/organizations": () => refusedToB(operatorOrganizations.GET, { path: `/api/operator/organizations?q=${encodeURIComponent(w.a.projectName)}` }),
    "/api/operator/runners": () => refusedToB(operatorRunners.POST, { method: "POST" }),
  };
}
