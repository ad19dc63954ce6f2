// First-run sign-up needs a database with no users, so this file makes its own.
import { describe, expect, it } from "vitest";
import { useOwnDatabase } from "./own-database";

useOwnDatabase("firstrun");

describe("first-run sign-up", () => {
  it("creates the first user as owner of the default organization, signs them in, then closes", async () => {
    const { call } = await import("./http");
    const signup = await import("@/app/api/auth/signup/route");
    const projects = await import("@/app/api/projects/route");
    const { db } = await import("@/lib/db/client");
    const { ensureDefaultOrganization } = await import("@/lib/organizations/ensure-default-organization");
    const defaultOrg = await ensureDefaultOrganization();
    // Something created while sign-in was off stays with the first user.
    await db.project.create({ data: { organizationId: defaultOrg.id, name: "Made before sign-in" } });

    const res = await call(signup.POST, { method: "POST", body: { organizationName: "Acme", username: "Founder", password: "a long password" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ user: { username: "founder" }, organization: { id: defaultOrg.id, name: "Acme" } });
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const list = await call(projects.GET, { cookie });
    expect(list.json.projects.map((p: { name: string }) => p.name)).toEqual(["Made before sign-in"]);
    const membership = await db.membership.findFirstOrThrow({ where: { user: { username: "founder" } } });
    expect(membership.role).toBe("owner");

    const again = await call(signup.POST, { method: "POST", body: { organizationName: "Other", username: "second", password: "a long password" } });
    expect(again.status).toBe(409);
    expect(await db.user.count()).toBe(1);
  });
});
