// Cross-tenant cases of the operator's routes: they read every organization on purpose, so the only question is who
// may call them. B (an owner of an organization that is not the install's default, and never granted the operator's
// role) gets a 404 like a missing route, in both editions, and learns nothing of A.
import { expect } from "vitest";
import * as operator from "@/app/api/operator/route";
import * as operatorOrganizations from "@/app/api/operator/organizations/route";
import * as operatorRunners from "@/app/api/operator/runners/route";
import * as operatorBackups from "@/app/api/operator/backups/route";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { withEnv } from "./org-fixtures";
import { expectUntouched, type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function operatorRouteCases(w: TenantWorld): RouteCases {
  const refusedToB = async (handler: Parameters<typeof call>[0], opts: Parameters<typeof call>[1]) => {
    for (const edition of ["self-hosted", "cloud"]) {
      await withEnv({ OUTREACH_EDITION: edition, OUTREACH_OPERATORS: `${w.B.username},${w.B.username}@example.com` }, async () => {
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
    "/api/operator/backups": async () => {
      // The schedule is the whole instance's: B neither reads it nor changes it, with a valid body or a bad one.
      const before = await db.backupSchedule.findMany();
      await refusedToB(operatorBackups.GET, {});
      await refusedToB(operatorBackups.PUT, { method: "PUT", body: { enabled: true, hourUtc: 1, keep: 1 } });
      await refusedToB(operatorBackups.PUT, { method: "PUT", body: { enabled: "yes" } });
      expect(await db.backupSchedule.findMany()).toEqual(before);
    },
  };
}
