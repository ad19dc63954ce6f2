// Bad-input cases of the sending-limit, opt-out and reply-intent routes: 400 with the error shape, nothing written (the suite's
// snapshot covers the account row and its policy; the contact's row is checked here).
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as sendingPolicy from "@/app/api/accounts/[id]/sending-policy/route";
import * as contact from "@/app/api/contacts/[id]/route";
import * as intent from "@/app/api/messages/[id]/intent/route";
import { seedInboundReply } from "./reply-intent-seed";
import * as sendAccounts from "@/app/api/campaigns/[id]/send-accounts/route";
import type { CallOptions } from "./http";
import { uid } from "./fixtures";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;
const json = { "content-type": "application/json" };

export function sendingBadInputCases(expect400: Expect400, orgId: () => number, accountId: () => string, campaignId: () => string): Record<string, () => Promise<void>> {
  return {
    "/api/campaigns/[id]/send-accounts": async () => {
      const params = { id: campaignId() };
      await expect400(sendAccounts.GET, { params: { id: "abc" } });
      await expect400(sendAccounts.PUT, { method: "PUT", params: { id: "0" }, body: { accountIds: [] } });
      for (const body of [
        {}, { accountIds: "1" }, { accountIds: [0] }, { accountIds: [1.5] }, { accountIds: ["7"] }, { accountIds: null },
        { accountIds: [Number(accountId()), Number(accountId())] },
        { accountIds: Array.from({ length: 21 }, (_, i) => i + 1) },
        { accountIds: [], extra: true },
      ]) {
        await expect400(sendAccounts.PUT, { method: "PUT", params, body });
      }
      await expect400(sendAccounts.PUT, { method: "PUT", params, rawBody: "{accountIds", headers: json });
    },
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
    "/api/messages/[id]/intent": async () => {
      const { message } = await seedInboundReply(orgId());
      const params = { id: String(message.id) };
      await expect400(intent.PUT, { method: "PUT", params: { id: "first" }, body: { intent: "interested" } });
      for (const body of [{}, { intent: "maybe" }, { intent: "Interested" }, { intent: 1 }, { intent: "interested", confidence: 1 }]) {
        await expect400(intent.PUT, { method: "PUT", params, body });
      }
      await expect400(intent.PUT, { method: "PUT", params, rawBody: "{intent", headers: json });
      expect(await db.conversationMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ intent: "other", intentSource: "rules" });
      expect(await db.replyIntentCorrection.count({ where: { messageId: message.id } })).toBe(0);
    },
  };
}
