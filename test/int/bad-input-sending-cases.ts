// Bad-input cases of the sending-limit and opt-out routes: 400 with the error shape, nothing written (the suite's
// snapshot covers the account row and its policy; the contact's row is checked here).
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as sendingPolicy from "@/app/api/accounts/[id]/sending-policy/route";
import * as contact from "@/app/api/contacts/[id]/route";
import type { CallOptions } from "./http";
import { uid } from "./fixtures";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;
const json = { "content-type": "application/json" };

export function sendingBadInputCases(expect400: Expect400, orgId: () => number, accountId: () => string): Record<string, () => Promise<void>> {
  return {
    "/api/accounts/[id]/sending-policy": async () => {
      const params = { id: accountId() };
      await expect400(sendingPolicy.PATCH, { method: "PATCH", params: { id: "abc" }, body: { dailyCap: 5 } });
      for (const body of [
        { dailyCap: 0 }, { dailyCap: "5" }, { hourlyCap: 1.5 }, { minGapSeconds: -1 }, { jitterSeconds: 90_000 }, { warmup: "yes" },
        { warmupStart: 0 }, { dailyCap: 5, extra: 1 },
        // Each field is valid alone; together they make no sense.
        { dailyCap: 3, hourlyCap: 10 }, { dailyCap: 10, hourlyCap: 2, warmup: true, warmupStart: 50 },
      ]) {
        await expect400(sendingPolicy.PATCH, { method: "PATCH", params, body });
      }
      await expect400(sendingPolicy.PATCH, { method: "PATCH", params, rawBody: "{dailyCap", headers: json });
    },
    "/api/contacts/[id]": async () => {
      const c = await db.contactHistory.create({
        data: { organizationId: orgId(), platform: "forum", targetUser: `someone_${uid()}`, accountHandle: "me", firstContactedAt: new Date(), lastContactedAt: new Date() },
      });
      const params = { id: String(c.id) };
      await expect400(contact.PATCH, { method: "PATCH", params: { id: "x" }, body: { optedOut: true } });
      for (const body of [{}, { optedOut: "yes" }, { optedOut: 1 }, { optedOut: true, reason: "asked" }]) {
        await expect400(contact.PATCH, { method: "PATCH", params, body });
      }
      await expect400(contact.PATCH, { method: "PATCH", params, rawBody: "[", headers: json });
      expect((await db.contactHistory.findUniqueOrThrow({ where: { id: c.id } })).optedOutAt).toBeNull();
    },
  };
}
