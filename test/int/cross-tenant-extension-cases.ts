// Cross-tenant cases of the extension routes (bearer devices) and Settings' device routes.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as handshake from "@/app/api/extension/handshake/route";
import * as extPair from "@/app/api/extension/pair/route";
import * as extAutoPair from "@/app/api/extension/auto-pair/route";
import * as extDraft from "@/app/api/extension/draft/[id]/route";
import * as extArmed from "@/app/api/extension/draft/[id]/armed/route";
import * as extSent from "@/app/api/extension/draft/[id]/sent/route";
import * as extDmSync from "@/app/api/extension/dm-sync/route";
import * as extSyncStatus from "@/app/api/extension/dm-sync/status/route";
import * as extPairingCodes from "@/app/api/settings/extension/pairing-codes/route";
import * as extDevices from "@/app/api/settings/extension/devices/route";
import * as extDevice from "@/app/api/settings/extension/devices/[id]/route";
import { call } from "./http";
import { createDevice, createDraftRow } from "./fixtures";
import { id, type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function extensionRouteCases(w: TenantWorld): RouteCases {
  const asB = () => ({ cookie: w.B.cookie });
  return {
    "/api/extension/handshake": async () => {
      const { token } = await createDevice(w.B.orgId);
      const res = await call(handshake.POST, { method: "POST", headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.json.organization).not.toBe((await db.organization.findUniqueOrThrow({ where: { id: w.A.orgId } })).name);
    },
    "/api/extension/pair": async () => {
      // A code made in B's Settings pairs a device of B, never of w.A.
      const code = await call(extPairingCodes.POST, { ...asB(), method: "POST" });
      const res = await call(extPair.POST, { method: "POST", body: { code: code.json.code } });
      expect(res.status).toBe(201);
      expect((await db.extensionDevice.findUniqueOrThrow({ where: { id: res.json.deviceId } })).organizationId).toBe(w.B.orgId);
    },
    "/api/extension/auto-pair": async () => {
      const res = await call(extAutoPair.POST, { ...asB(), method: "POST", body: {} });
      expect(res.status).toBe(201);
      expect((await db.extensionDevice.findUniqueOrThrow({ where: { id: res.json.deviceId } })).organizationId).toBe(w.B.orgId);
    },
    "/api/extension/draft/[id]": async () => {
      const { token } = await createDevice(w.B.orgId);
      const res = await call(extDraft.GET, { params: { id: id(w.a.draftId) }, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.json)).not.toContain("onboarding");
    },
    "/api/extension/draft/[id]/armed": async () => {
      const { token } = await createDevice(w.B.orgId);
      const before = await db.draft.findUniqueOrThrow({ where: { id: w.a.draftId } });
      const res = await call(extArmed.POST, { method: "POST", params: { id: id(w.a.draftId) }, body: {}, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(404);
      expect(await db.draft.findUniqueOrThrow({ where: { id: w.a.draftId } })).toEqual(before);
    },
    "/api/extension/draft/[id]/sent": async () => {
      const { token } = await createDevice(w.B.orgId);
      const before = await db.draft.findUniqueOrThrow({ where: { id: w.a.draftId } });
      const res = await call(extSent.POST, { method: "POST", params: { id: id(w.a.draftId) }, body: { version: before.version }, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(404);
      expect(await db.draft.findUniqueOrThrow({ where: { id: w.a.draftId } })).toEqual(before);
    },
    "/api/extension/dm-sync": async () => {
      // A reply from A's target, reported by B's device, answers nothing of A's.
      const sentA = await createDraftRow(w.A.orgId, { state: "sent", targetUser: `target_${Date.now()}` });
      await db.draft.update({ where: { id: sentA.id }, data: { sentAt: new Date(Date.now() - 3_600_000) } });
      const { token } = await createDevice(w.B.orgId);
      const item = { id: `t4_x${Date.now()}`, author: sentA.targetUser, dest: "me", body: "hello back", created_utc: Math.floor(Date.now() / 1000) };
      const res = await call(extDmSync.POST, {
        method: "POST", headers: { authorization: `Bearer ${token}` },
        body: { platform: "forum", items: [item], comments: [], status: { chat: "ok", legacy: "ok", captured_at: new Date().toISOString() } },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ matched: [], unmatched: 1 });
      expect((await db.draft.findUniqueOrThrow({ where: { id: sentA.id } })).state).toBe("sent");
      expect(await db.conversationMessage.count({ where: { organizationId: w.A.orgId } })).toBe(0);
    },
    "/api/extension/dm-sync/status": async () => {
      const aDevice = await createDevice(w.A.orgId);
      await db.extensionDevice.update({ where: { id: aDevice.device.id }, data: { lastSyncAt: new Date(), lastSyncStatus: { chat: "unauthorized", legacy: "ok", captured_at: new Date().toISOString() } } });
      const { device, token } = await createDevice(w.B.orgId);
      const res = await call(extSyncStatus.GET, { headers: { authorization: `Bearer ${token}` } });
      expect(res.json).toMatchObject({ deviceId: device.id, lastSyncAt: null, status: null });
    },
    "/api/settings/extension/pairing-codes": async () => {
      const aCodes = await db.pairingCode.count({ where: { organizationId: w.A.orgId } });
      const res = await call(extPairingCodes.POST, { ...asB(), method: "POST" });
      expect(res.status).toBe(201);
      expect(await db.pairingCode.count({ where: { organizationId: w.A.orgId } })).toBe(aCodes);
    },
    "/api/settings/extension/devices": async () => {
      const { device } = await createDevice(w.A.orgId);
      const res = await call(extDevices.GET, asB());
      expect(res.status).toBe(200);
      expect(res.json.devices.map((d: { id: number }) => d.id)).not.toContain(device.id);
    },
    "/api/settings/extension/devices/[id]": async () => {
      const { device, token } = await createDevice(w.A.orgId);
      const res = await call(extDevice.DELETE, { ...asB(), method: "DELETE", params: { id: id(device.id) } });
      expect(res.status).toBe(404);
      expect((await db.extensionDevice.findUniqueOrThrow({ where: { id: device.id } })).revoked).toBe(false);
      expect((await call(handshake.POST, { method: "POST", headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    },
  };
}
