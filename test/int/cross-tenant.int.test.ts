// Tenancy: organization B can never read, change or learn of organization A's data, through any route.
// Each route has a case in cross-tenant-core-cases.ts or one of the other cross-tenant-*-cases.ts tables; the last
// test fails when a route file exists without one.
import { describe, expect, it } from "vitest";
import { listApiRoutes } from "./route-files";
import { useTenantWorld } from "./cross-tenant-world";
import { coreRouteCases } from "./cross-tenant-core-cases";

const world = useTenantWorld();
const cases = coreRouteCases(world);

// next-auth's handler reads cookies through Next's request scope, which exists only under a real server:
// its cross-tenant case is in e2e/auth.spec.ts ("next-auth session endpoint shows only the caller's org").
const COVERED_IN_E2E = ["/api/auth/[...nextauth]"];

describe("cross-tenant: organization B against organization A's rows", () => {
  for (const [route, run] of Object.entries(cases)) it(route, run);

  it("covers every route file under app/api", () => {
    const missing = listApiRoutes().filter((r) => !(r in cases) && !COVERED_IN_E2E.includes(r));
    expect(missing, `routes without a cross-tenant case: ${missing.join(", ")}`).toEqual([]);
  });
});
