// Tenancy with API keys: organization B's key never reads, changes or learns of organization A's rows. The core
// cross-tenant cases run again here, on a world of their own, with B's member key in place of B's session, for
// every route a key may call whose methods a member may use. Admin routes refuse any key (a key is never an admin):
// the last test checks that for each of them.
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { call } from "./http";
import { useTenantWorld } from "./cross-tenant-world";
import { coreRouteCases } from "./cross-tenant-core-cases";
import { listApiKeyRoutes } from "./api-key-routes";
import { ROUTE_ACCESS } from "./route-roles";

const world = useTenantWorld();
const cases = coreRouteCases(world);
let keyOfB = "";

// Registered after the world's own beforeAll, so B exists; from here on B's "cookie" is its key.
beforeAll(async () => {
  const { key } = await createApiKey({ orgId: world.B.orgId, userId: world.B.userId, name: "B's script", role: "member" });
  keyOfB = key;
  world.B.cookie = `apikey:${key}`;
});

const keyRoutes = listApiKeyRoutes();
const memberOnly = (route: string) => Object.values(ROUTE_ACCESS[route] ?? {}).every((access) => access === "member");

describe("cross-tenant: organization B's API key against organization A's rows", () => {
  for (const route of keyRoutes.filter(memberOnly)) {
    const run = cases[route];
    if (run) it(route, run);
  }

  it("every member route a key may call has a core case here (or is covered by its own table with the key)", () => {
    // The extension's settings, stream and reporting routes have cases in their own tables, written for sessions.
    const elsewhere = keyRoutes.filter(memberOnly).filter((r) => !(r in cases));
    expect(elsewhere.every((r) => /^\/api\/(settings\/extension|stream|audit|export|notifications|run\b|runs\/|projects\/\[id\]\/(insights|extract))/.test(r)), elsewhere.join(", ")).toBe(true);
  });

  it("a key gets 403 from every admin route, whatever the ids", async () => {
    const adminRoutes = keyRoutes.filter((r) => !memberOnly(r));
    expect(adminRoutes.length).toBeGreaterThan(5);
    for (const route of adminRoutes) {
      const mod = (await import(`@/app${route}/route`)) as Record<string, Parameters<typeof call>[0]>;
      for (const [method, access] of Object.entries(ROUTE_ACCESS[route]!)) {
        if (access !== "admin" && access !== "owner") continue;
        const res = await call(mod[method]!, { method, cookie: `apikey:${keyOfB}`, params: { id: "1", resource: "drafts" }, body: method === "GET" ? undefined : {} });
        expect([route, method, res.status, res.json?.error]).toEqual([route, method, 403, "forbidden"]);
      }
    }
  });
});
