// The very first sign-up of a cloud edition (no users yet) must not adopt the default organization the way a
// self-hosted install's first user does: whatever the default organization holds stays nobody's. This needs a
// database with no users, so the file makes its own.
import { describe, expect, it } from "vitest";
import { useOwnDatabase } from "./own-database";
import { peerAddressHeader } from "@/lib/http/peer-address";

useOwnDatabase("cloudfirst", { OUTREACH_EDITION: "cloud" });

describe("the first sign-up of a cloud edition", () => {
  it("gets a new organization of its own; the default organization and its rows stay with nobody", async () => {
    const { call } = await import("./http");
    const { sessionFrom } = await import("./org-fixtures");
    const signup = await import("@/app/api/auth/signup/route");
    const projects = await import("@/app/api/projects/route");
    const { db } = await import("@/lib/db/client");
    const { ensureDefaultOrganization } = await import("@/lib/organizations/ensure-default-organization");
    const defaultOrg = await ensureDefaultOrganization();
    await db.project.create({ data: { organizationId: defaultOrg.id, name: "Made before the cloud edition" } });
    expect(await db.user.count()).toBe(0);

    const res = await call(signup.POST, { method: "POST", body: { organizationName: "First Customer", email: "First@Customer.example", password: "a long password" }, headers: { [peerAddressHeader()]: "10.1.1.1" } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.organization.id).not.toBe(defaultOrg.id);
    expect(res.json.organization.name).toBe("First Customer");
    // Signed up with an address only: the username comes from it.
    expect(res.json.user).toMatchObject({ email: "first@customer.example", username: "first" });

    const list = await call(projects.GET, { cookie: sessionFrom(res) });
    expect(list.status).toBe(200);
    expect(list.json.projects).toEqual([]);
    const stillDefault = await db.organization.findUniqueOrThrow({ where: { id: defaultOrg.id }, include: { memberships: true } });
    expect(stillDefault.name).toBe(defaultOrg.name);
    expect(stillDefault.memberships).toEqual([]);
    expect((await db.membership.findMany({ where: { user: { email: "first@customer.example" } } })).map((m) => [m.organizationId, m.role])).toEqual([[res.json.organization.id, "owner"]]);
  });
});
