// Two instances starting on one new database both make sure the default organization exists, at the same moment.
// This file makes its own database, so the organization does not exist yet when the callers race.
import { describe, expect, it } from "vitest";
import { useOwnDatabase } from "./own-database";

useOwnDatabase("defaultorg");

describe("the default organization on a new database", () => {
  it("is made once when eight callers ask for it at the same moment, and every caller gets it", async () => {
    const { db } = await import("@/lib/db/client");
    const { findOrCreateDefaultOrganization } = await import("@/lib/organizations/ensure-default-organization");
    const { BUILTIN_SLUGS } = await import("@/lib/playbooks/builtin-playbooks");
    expect(await db.organization.count()).toBe(0);

    const results = await Promise.allSettled(Array.from({ length: 8 }, () => findOrCreateDefaultOrganization()));

    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const ids = new Set(results.map((r) => (r as PromiseFulfilledResult<{ id: number }>).value.id));
    expect(ids.size).toBe(1);
    const orgs = await db.organization.findMany({ select: { id: true, slug: true, isDefault: true } });
    expect(orgs).toEqual([{ id: [...ids][0], slug: "default", isDefault: true }]);
    const playbooks = await db.playbook.findMany({ where: { organizationId: orgs[0].id }, select: { slug: true } });
    expect(playbooks.map((p) => p.slug).sort()).toEqual([...BUILTIN_SLUGS].sort());
  });
});
