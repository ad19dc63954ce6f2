// Cross-tenant case of the removal checks' route: B cannot check A's sent comment (404, the same as a missing draft)
// and nothing of A's draft changes: no throttle stamp, no verdict, no platform call for it.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as visibilityCheck from "@/app/api/drafts/[id]/visibility-check/route";
import { call } from "./http";
import { createDraftRow } from "./fixtures";
import { expectUntouched, id, type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function removalRouteCases(w: TenantWorld): RouteCases {
  return {
    "/api/drafts/[id]/visibility-check": async () => {
      const sent = await createDraftRow(w.A.orgId, { projectId: w.a.projectId, accountId: w.a.accountId, kind: "post_comment", state: "sent" });
      await db.draft.update({ where: { id: sent.id }, data: { sentAt: new Date(), publishedUrl: "https://forum.example/r/a/comments/abc/t/def/" } });
      for (const draftId of [sent.id, w.a.draftId]) {
        for (const body of [{}, { permalink: "https://forum.example/r/b/comments/xyz/t/uvw/" }]) {
          const res = await call(visibilityCheck.POST, { cookie: w.B.cookie, method: "POST", params: { id: id(draftId) }, body });
          expect(res.status).toBe(404);
          expect(res.json.error).toBe("not_found");
        }
      }
      const after = await db.draft.findUniqueOrThrow({ where: { id: sent.id } });
      expect({ manual: after.visibilityManualAt, visibility: after.visibility, url: after.publishedUrl, error: after.visibilityError }).toEqual({
        manual: null, visibility: null, url: "https://forum.example/r/a/comments/abc/t/def/", error: null,
      });
      await expectUntouched(w);
    },
  };
}
