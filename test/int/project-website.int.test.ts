// A project's website: given with the description to the agent (run_start's project), shown on the project page,
// cleared with "". Only http(s) addresses with a real host are taken; the server never fetches it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createOrg } from "./fixtures";
import { getRunContext } from "@/lib/runs/get-run-context";
import * as projects from "@/app/api/projects/route";
import * as project from "@/app/api/projects/[id]/route";

describe("a project's website", () => {
  it("is kept, handed to the agent with the project, and cleared with an empty string", async () => {
    const A = await createOrg();
    const made = await call(projects.POST, { method: "POST", cookie: A.cookie, body: { name: `Site ${Date.now()}`, website: "https://shelves.example/pricing" } });
    expect(made.status).toBe(201);
    expect(made.json.website).toBe("https://shelves.example/pricing");
    const run = await db.run.create({ data: { organizationId: A.orgId, projectId: made.json.id, kind: "project_insights", runner: "cloud", status: "running" } });
    const ctx = await getRunContext({ orgId: A.orgId, runId: run.id });
    expect(JSON.stringify(ctx)).toContain("https://shelves.example/pricing");
    const cleared = await call(project.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(made.json.id) }, body: { website: "" } });
    expect(cleared.status).toBe(200);
    expect(cleared.json.website).toBeNull();
  });

  it("refuses what is not a public web address, and saves nothing", async () => {
    const A = await createOrg();
    for (const website of ["javascript:alert(1)", "ftp://files.example", "shelves", "https://user:pw@shelves.example", "https://localhost"]) {
      const res = await call(projects.POST, { method: "POST", cookie: A.cookie, body: { name: `Bad ${website}`, website } });
      expect(res.status, website).toBe(400);
      expect(res.json.message).toMatch(/website/i);
    }
    expect(await db.project.count({ where: { organizationId: A.orgId } })).toBe(0);
  });
});
