// Bad-input cases of the operator's routes: health probes take no input (a query is ignored, the answer the same).
import { expect } from "vitest";
import * as live from "@/app/api/health/live/route";
import * as ready from "@/app/api/health/ready/route";
import * as metricsRoute from "@/app/api/metrics/route";
import { call } from "./http";
import { withEnv } from "./org-fixtures";

export function operationsBadInputCases(): Record<string, () => Promise<void>> {
  return {
    "/api/health/live": async () => {
      const res = await call(async () => live.GET(), { path: "/api/health/live?verbose=1&x=%00" });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: "ok" });
    },
    "/api/health/ready": async () => {
      // The job engine is not started in this suite, so the answer is 503 naming it, with or without a query.
      const plain = await call(async () => ready.GET(), { path: "/api/health/ready" });
      const withQuery = await call(async () => ready.GET(), { path: "/api/health/ready?check=database&details=all&x=%00" });
      expect(withQuery.status).toBe(plain.status);
      expect(withQuery.json).toEqual(plain.json);
    },
    "/api/metrics": async () => {
      // Takes no input; a malformed Authorization header is refused in the one error shape, before anything is read.
      await withEnv({ OUTREACH_METRICS_TOKEN: "metrics-token-for-bad-input-0123" }, async () => {
        for (const authorization of ["Bearer", "Bearer tok\u00e9n-latin-1-0123456789", "Basic metrics-token-for-bad-input-0123", "x".repeat(5000)]) {
          const res = await call(metricsRoute.GET, { path: "/api/metrics?format=json", headers: { authorization } });
          expect(res.status).toBe(401);
          expect(res.json).toMatchObject({ error: "unauthorized" });
        }
      });
    },
  };
}
