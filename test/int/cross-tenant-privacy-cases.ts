// Cross-tenant cases of people's data requests: B exporting or erasing a handle A holds learns nothing of A's rows
// and changes none of them. B's erasure suppresses the handle in B only.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as personExport from "@/app/api/people/export/route";
import * as personErase from "@/app/api/people/erase/route";
import * as retention from "@/app/api/settings/retention/route";
import { call } from "./http";
import { expectUntouched, type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function privacyRouteCases(w: TenantWorld): RouteCases {
  /** The handle of A's draft: a person A wrote to. */
  const handleOfA = async () => (await db.draft.findUniqueOrThrow({ where: { id: w.a.draftId } })).targetUser;
  return {
    "/api/people/export": async () => {
      const handle = await handleOfA();
      const res = await call(personExport.GET, { cookie: w.B.cookie, path: `/api/people/export?platform=forum&handle=${handle}` });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ suppressed: false, contactHistory: [], threads: [], drafts: [], otherMessages: [], researchCandidates: [], blocklist: [] });
      expect(JSON.stringify(res.json)).not.toContain("I read your post");
      const page = await call(personExport.GET, { cookie: w.B.cookie, path: `/api/people/export?platform=forum&handle=${handle}&format=html` });
      expect(page.json).not.toContain("I read your post");
    },
    "/api/people/erase": async () => {
      const handle = await handleOfA();
      const res = await call(personErase.POST, { cookie: w.B.cookie, method: "POST", headers: { origin: "http://localhost" }, body: { platform: "forum", handle, confirm: handle } });
      // B may suppress anyone in B; what it answers counts B's rows only (none), and A's person stays as it was.
      if (res.status === 200) {
        expect(res.json.counts).toMatchObject({ drafts: 0, messages: 0, threads: 0, contacts: 0, otherRowsScrubbed: 0 });
      } else {
        // The API-key run of the suite: a key is never an admin.
        expect(res.status).toBe(403);
      }
      expect(await db.suppression.count({ where: { organizationId: w.A.orgId } })).toBe(0);
      expect(await db.personErasure.count({ where: { organizationId: w.A.orgId } })).toBe(0);
      await expectUntouched(w);
    },
    "/api/settings/retention": async () => {
      // A's retention is on; B reads and changes only its own.
      await db.appConfig.upsert({ where: { organizationId: w.A.orgId }, update: { retentionDays: 90 }, create: { organizationId: w.A.orgId, retentionDays: 90 } });
      const read = await call(retention.GET, { cookie: w.B.cookie, path: "/api/settings/retention" });
      expect(read.status).toBe(200);
      expect(read.json.days).toBeNull();
      const put = await call(retention.PUT, { cookie: w.B.cookie, method: "PUT", headers: { origin: "http://localhost" }, body: { days: 7 } });
      expect([200, 403]).toContain(put.status);
      expect((await db.appConfig.findUniqueOrThrow({ where: { organizationId: w.A.orgId } })).retentionDays).toBe(90);
      await db.appConfig.update({ where: { organizationId: w.A.orgId }, data: { retentionDays: null } });
      await expectUntouched(w);
    },
  };
}
