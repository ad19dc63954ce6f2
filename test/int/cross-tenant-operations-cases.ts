// Cross-tenant cases of the operator's routes: the health probes are the same for anyone and carry nothing of an
// organization's.
import { expect } from "vitest";
import * as live from "@/app/api/health/live/route";
import * as ready from "@/app/api/health/ready/route";
import * as metricsRoute from "@/app/api/metrics/route";
import { call } from "./http";
import { withEnv } from "./org-fixtures";
import { type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function operationsRouteCases(w: TenantWorld): RouteCases {
  return {
    "/api/health/live": async () => {
      const res = await call(async () => live.GET(), { cookie: w.B.cookie, path: "/api/health/live" });
      expect(res.json).toEqual({ status: "ok" });
    },
    "/api/health/ready": async () => {
      const asB = await call(async () => ready.GET(), { cookie: w.B.cookie, path: "/api/health/ready" });
      const anonymous = await call(async () => ready.GET(), { path: "/api/health/ready" });
      expect(asB.json).toEqual(anonymous.json);
      expect(JSON.stringify(asB.json)).not.toContain(w.a.projectName);
    },
    "/api/metrics": async () => {
      // The operator's figures: no tenant reads them, with a session or an API key of its own.
      await withEnv({ OUTREACH_METRICS_TOKEN: "metrics-token-for-tenancy-01234" }, async () => {
        const res = await call(metricsRoute.GET, { cookie: w.B.cookie, path: "/api/metrics" });
        expect(res.status).toBe(401);
        expect(JSON.stringify(res.json)).not.toContain("outreach_");
      });
    },
  };
}
