// Cross-tenant cases of the sending-limit and opt-out routes: organization B gets the same 404 as for a missing row
// and changes nothing of A's.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as sendingPolicy from "@/app/api/accounts/[id]/sending-policy/route";
import * as contact from "@/app/api/contacts/[id]/route";
import { call } from "./http";
import { uid } from "./fixtures";
import { id, type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function sendingRouteCases(world: TenantWorld): RouteCases {
  const asB = () => ({ cookie: world.B.cookie });
  return {
    "/api/accounts/[id]/sending-policy": async () => {
      const before = (await db.account.findUniqueOrThrow({ where: { id: world.a.accountId } })).sendingPolicy;
      const res = await call(sendingPolicy.PATCH, { ...asB(), method: "PATCH", params: { id: id(world.a.accountId) }, body: { dailyCap: 500, hourlyCap: 100 } });
      const missing = await call(sendingPolicy.PATCH, { ...asB(), method: "PATCH", params: { id: "2000000000" }, body: { dailyCap: 500, hourlyCap: 100 } });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(missing.json);
      const row = await db.account.findUniqueOrThrow({ where: { id: world.a.accountId } });
      expect(row.sendingPolicy).toEqual(before);
    },
    "/api/contacts/[id]": async () => {
      const c = await db.contactHistory.create({
        data: { organizationId: world.A.orgId, platform: "forum", targetUser: `a_person_${uid()}`, accountHandle: "me", firstContactedAt: new Date(), lastContactedAt: new Date() },
      });
      const res = await call(contact.PATCH, { ...asB(), method: "PATCH", params: { id: id(c.id) }, body: { optedOut: true } });
      const missing = await call(contact.PATCH, { ...asB(), method: "PATCH", params: { id: "2000000000" }, body: { optedOut: true } });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(missing.json);
      expect(JSON.stringify(res.json)).not.toContain(c.targetUser);
      expect((await db.contactHistory.findUniqueOrThrow({ where: { id: c.id } })).optedOutAt).toBeNull();
    },
  };
}
