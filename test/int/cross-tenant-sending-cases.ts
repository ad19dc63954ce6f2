// Cross-tenant cases of the sending-limit, opt-out and reply-intent routes: organization B gets the same 404 as for a missing row
// and changes nothing of A's.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as sendingPolicy from "@/app/api/accounts/[id]/sending-policy/route";
import * as contact from "@/app/api/contacts/[id]/route";
import * as intent from "@/app/api/messages/[id]/intent/route";
import { seedInboundReply } from "./reply-intent-seed";
import * as sendAccounts from "@/app/api/campaigns/[id]/send-accounts/route";
import { call } from "./http";
import { createCampaignRow, createProject, uid } from "./fixtures";
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
    "/api/campaigns/[id]/send-accounts": async () => {
      await db.campaignSendAccount.create({ data: { organizationId: world.A.orgId, campaignId: world.a.campaignId, accountId: world.a.accountId } });
      // B reads or sets A's campaign: the same 404 as a missing campaign, no handle of A's in the answer.
      const read = await call(sendAccounts.GET, { ...asB(), params: { id: id(world.a.campaignId) } });
      const readMissing = await call(sendAccounts.GET, { ...asB(), params: { id: "2000000000" } });
      expect(read.status).toBe(404);
      expect(read.json).toEqual(readMissing.json);
      const set = await call(sendAccounts.PUT, { ...asB(), method: "PUT", params: { id: id(world.a.campaignId) }, body: { accountIds: [] } });
      expect(set.status).toBe(404);
      expect(set.json).toEqual(readMissing.json);
      // B names A's account on B's own campaign: answered like an account that does not exist, nothing stored.
      const bProject = await createProject(world.B.orgId);
      const bCampaign = await createCampaignRow(world.B.orgId, bProject.id);
      const foreign = await call(sendAccounts.PUT, { ...asB(), method: "PUT", params: { id: id(bCampaign.id) }, body: { accountIds: [world.a.accountId] } });
      const absent = await call(sendAccounts.PUT, { ...asB(), method: "PUT", params: { id: id(bCampaign.id) }, body: { accountIds: [2000000000] } });
      expect(foreign.status).toBe(404);
      expect(foreign.json.message).toBe(absent.json.message.replace("2000000000", String(world.a.accountId)));
      const handle = (await db.account.findUniqueOrThrow({ where: { id: world.a.accountId } })).platformId;
      expect(JSON.stringify(foreign.json)).not.toContain(handle);
      expect(await db.campaignSendAccount.count({ where: { campaignId: bCampaign.id } })).toBe(0);
      expect(await db.campaignSendAccount.count({ where: { campaignId: world.a.campaignId } })).toBe(1);
      await db.campaignSendAccount.deleteMany({ where: { campaignId: world.a.campaignId } });
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
    "/api/messages/[id]/intent": async () => {
      const { message } = await seedInboundReply(world.A.orgId);
      const res = await call(intent.PUT, { ...asB(), method: "PUT", params: { id: id(message.id) }, body: { intent: "opt_out" } });
      const missing = await call(intent.PUT, { ...asB(), method: "PUT", params: { id: "2000000000" }, body: { intent: "opt_out" } });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(missing.json);
      expect(JSON.stringify(res.json)).not.toContain(message.author);
      expect(await db.conversationMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ intent: "other", intentSource: "rules" });
      expect(await db.replyIntentCorrection.count({ where: { messageId: message.id } })).toBe(0);
      expect(await db.contactHistory.count({ where: { organizationId: world.A.orgId, targetUser: message.author } })).toBe(0);
    },
  };
}
