// Cross-tenant cases of the audit feed and the CSV export: B's feed and files never carry A's rows, even when B names
// A's draft or run in a filter.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as audit from "@/app/api/audit/route";
import * as exportRoute from "@/app/api/export/[resource]/route";
import { call } from "./http";
import { type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function reportingRouteCases(w: TenantWorld): RouteCases {
  const asB = () => ({ cookie: w.B.cookie });
  /** One event of A's draft and one of a run of A, carrying words that must not leak. */
  let seeded: Promise<{ runId: number }> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      const run = await db.run.create({ data: { organizationId: w.A.orgId, projectId: w.a.projectId, kind: "campaign", runner: "cloud", status: "success" } });
      await db.runEvent.create({ data: { organizationId: w.A.orgId, runId: run.id, seq: 1, type: "message_chunk", payload: { text: "A's confidential agent output" } } });
      return { runId: run.id };
    })());
  return {
    "/api/audit": async () => {
      const { runId } = await seed();
      const searches = ["", `?draft=${w.a.draftId}`, `?run=${runId}`, `?actor=${encodeURIComponent(`run #${runId}`)}`];
      // The decisions view folds runs into rows of their own: B's never include A's.
      for (const search of [...searches, ...searches.map((q) => `${q ? `${q}&` : "?"}view=decisions`)]) {
        const res = await call(audit.GET, { ...asB(), path: `/api/audit${search}` });
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.json)).not.toContain("A's confidential agent output");
        expect(res.json.rows.some((r: { draftId: number | null; runId: number | null }) => r.draftId === w.a.draftId || r.runId === runId)).toBe(false);
      }
    },
    "/api/export/[resource]": async () => {
      for (const resource of ["drafts", "contacts", "conversations"]) {
        // B even names A's project in the drafts filter.
        const search = resource === "drafts" ? `?project=${w.a.projectId}` : "";
        const res = await call(exportRoute.GET, { ...asB(), params: { resource }, path: `/api/export/${resource}${search}` });
        expect(res.status).toBe(200);
        const text = String(res.json);
        expect(text).not.toContain("onboarding and had a thought");
        expect(text.trim().split("\n")).toHaveLength(1);
      }
    },
  };
}
