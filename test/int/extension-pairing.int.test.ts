// The extension's pairing and draft routes as the extension calls them (docs/extension-api.md): pairing by code and
// by the dashboard session, bearer auth (bad, revoked, another organization's drafts), armed and sent with the version
// conflict and its retry, and Settings' device routes.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { hashDeviceToken } from "@/lib/extension/resolve-device";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import * as pair from "@/app/api/extension/pair/route";
import * as autoPair from "@/app/api/extension/auto-pair/route";
import * as handshake from "@/app/api/extension/handshake/route";
import * as extDraft from "@/app/api/extension/draft/[id]/route";
import * as armed from "@/app/api/extension/draft/[id]/armed/route";
import * as sent from "@/app/api/extension/draft/[id]/sent/route";
import * as dmSync from "@/app/api/extension/dm-sync/route";
import * as syncStatus from "@/app/api/extension/dm-sync/status/route";
import * as pairingCodes from "@/app/api/settings/extension/pairing-codes/route";
import * as devices from "@/app/api/settings/extension/devices/route";
import * as deviceRoute from "@/app/api/settings/extension/devices/[id]/route";
import { PAIRING_LIMITS, PAIRING_WINDOW_MS } from "@/lib/extension/pairing-throttle";
import { call, type CallOptions } from "./http";
import { createDevice, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { asDevice, bearer, sentDraft, syncBody, useExtensionWorld } from "./extension-harness";
import { peerAddressHeader } from "@/lib/http/peer-address";

const world = useExtensionWorld();
let A: OrgFixture;
let B: OrgFixture;
// Runs after the world's own beforeAll (hooks run in the order they were registered).
beforeAll(() => {
  ({ A, B } = world);
});

describe("pairing", () => {
  it("a code from Settings pairs once, within its lifetime, and the token works until revoked", async () => {
    const created = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    expect(created.status).toBe(201);
    expect(created.json.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const ttl = new Date(created.json.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    // Only the hash is kept.
    expect(await db.pairingCode.count({ where: { organizationId: A.orgId, codeHash: created.json.code } })).toBe(0);

    // Typed by hand: lower case and without the dash.
    const typed = created.json.code.toLowerCase().replace("-", " ");
    const paired = await call(pair.POST, { method: "POST", body: { code: typed, name: "Chrome on laptop" } });
    expect(paired.status).toBe(201);
    expect(paired.json).toMatchObject({ deviceName: "Chrome on laptop", organization: expect.any(String) });
    expect(paired.json.token).toMatch(/^odt_[A-Za-z0-9_-]{43}$/);
    const row = await db.extensionDevice.findUniqueOrThrow({ where: { id: paired.json.deviceId } });
    expect(row.organizationId).toBe(A.orgId);
    expect(row.tokenHash).toBe(hashDeviceToken(paired.json.token));
    expect(JSON.stringify(row)).not.toContain(paired.json.token);

    const hello = await call(handshake.POST, asDevice(paired.json.token, { method: "POST" }));
    expect(hello.status).toBe(200);
    expect(hello.json.deviceId).toBe(paired.json.deviceId);

    const again = await call(pair.POST, { method: "POST", body: { code: created.json.code } });
    expect(again.status).toBe(401);
    expect(again.json.message).toMatch(/invalid, expired or already used/);
  });

  it("an expired or unknown code pairs nothing", async () => {
    const created = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    await db.pairingCode.updateMany({ where: { organizationId: A.orgId, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await db.extensionDevice.count();
    expect((await call(pair.POST, { method: "POST", body: { code: created.json.code } })).status).toBe(401);
    expect((await call(pair.POST, { method: "POST", body: { code: "ZZZZ-ZZZZ-ZZZZ" } })).status).toBe(401);
    expect(await db.extensionDevice.count()).toBe(before);
  });

  it("wrong codes from one address are throttled with 429 and Retry-After, even before a right code; other addresses go on", async () => {
    const address = { [peerAddressHeader()]: `192.0.2.${Math.floor(Math.random() * 200) + 1}-${uid()}` };
    for (let i = 0; i < PAIRING_LIMITS.address; i++) {
      expect((await call(pair.POST, { method: "POST", body: { code: `WRNG-${i}` }, headers: address })).status).toBe(401);
    }
    const { json } = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    const before = await db.extensionDevice.count();
    const blocked = await call(pair.POST, { method: "POST", body: { code: json.code }, headers: address });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ error: "rate_limited", message: "Too many wrong pairing codes. Try again in a few minutes." });
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(PAIRING_WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(PAIRING_WINDOW_MS / 1000);
    expect(blocked.json.retry_after).toBe(retryAfter);
    expect(await db.extensionDevice.count()).toBe(before);
    // The code was not spent: another address still pairs with it.
    expect((await call(pair.POST, { method: "POST", body: { code: json.code }, headers: { [peerAddressHeader()]: `198.51.100.9-${uid()}` } })).status).toBe(201);
  });

  it("no one's guesses hold back someone else's valid code, however many addresses they spread over", async () => {
    // 150 wrong codes, 10 from each of 15 addresses: past the overall cap of 100 that used to refuse every caller.
    const tag = uid();
    for (let a = 0; a < 15; a++) {
      const from = { [peerAddressHeader()]: `203.0.113.${a + 1}-${tag}` };
      for (let i = 0; i < PAIRING_LIMITS.address; i++) {
        expect((await call(pair.POST, { method: "POST", body: { code: `WRNG-${a}-${i}` }, headers: from })).status).toBe(401);
      }
    }
    const { json } = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    const res = await call(pair.POST, { method: "POST", body: { code: json.code }, headers: { [peerAddressHeader()]: `198.51.100.77-${tag}` } });
    expect(res.status).toBe(201);
    expect(res.json.token).toEqual(expect.any(String));
  });

  it("counts an IPv6 client by its /64, so fresh addresses from one subscriber do not buy more guesses", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    for (let i = 0; i < PAIRING_LIMITS.address; i++) {
      const from = { [peerAddressHeader()]: `${prefix}::${(i + 1).toString(16)}` };
      expect((await call(pair.POST, { method: "POST", body: { code: `WRNG-V6-${i}` }, headers: from })).status).toBe(401);
    }
    const next = await call(pair.POST, { method: "POST", body: { code: "WRNG-V6-LAST" }, headers: { [peerAddressHeader()]: `${prefix}:ffff:ffff:ffff:ffff` } });
    expect(next.status).toBe(429);
  });

  it("makes codes of twelve characters from an alphabet without look-alikes", async () => {
    const { json } = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    expect(json.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  });

  it("two redemptions of one code at the same moment pair one device", async () => {
    const { json } = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    const results = await Promise.all([0, 1, 2].map(() => call(pair.POST, { method: "POST", body: { code: json.code } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 401, 401]);
  });

  it("auto-pair mints a fresh token for the session's organization, and refuses without a session", async () => {
    const first = await call(autoPair.POST, { method: "POST", cookie: A.cookie, body: { name: "Tab pairing" } });
    const second = await call(autoPair.GET, { cookie: A.cookie, path: "/api/extension/auto-pair?name=Other" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.json.token).not.toBe(second.json.token);
    expect(second.json.deviceName).toBe("Other");
    const rows = await db.extensionDevice.findMany({ where: { id: { in: [first.json.deviceId, second.json.deviceId] } } });
    expect(rows.map((r) => r.organizationId)).toEqual([A.orgId, A.orgId]);
    expect(rows.find((r) => r.id === first.json.deviceId)?.userId).toBe(A.userId);

    const anonymous = await call(autoPair.POST, { method: "POST", body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.token).toBeUndefined();
  });

  it("with sign-in off, auto-pair pairs the default organization", async () => {
    env.OUTREACH_AUTH = false;
    try {
      const res = await call(autoPair.POST, { method: "POST" });
      expect(res.status).toBe(201);
      const device = await db.extensionDevice.findUniqueOrThrow({ where: { id: res.json.deviceId } });
      expect(device.organizationId).toBe((await ensureDefaultOrganization()).id);
      expect(device.name).toBe("Browser extension");
    } finally {
      env.OUTREACH_AUTH = true;
    }
  });

  it("another site's page cannot pair a device, with or without sign-in; the dashboard's own tab can", async () => {
    const devicesOf = async (orgId: number) => db.extensionDevice.count({ where: { organizationId: orgId } });
    const before = await devicesOf(A.orgId);
    for (const site of ["cross-site", "same-site"]) {
      const headers = { "sec-fetch-site": site };
      const post = await call(autoPair.POST, { method: "POST", cookie: A.cookie, headers, body: {} });
      const get = await call(autoPair.GET, { cookie: A.cookie, headers, path: "/api/extension/auto-pair" });
      for (const res of [post, get]) {
        expect(res.status).toBe(403);
        expect(res.json).toMatchObject({ error: "forbidden", message: expect.stringMatching(/must be started from the dashboard's own tab/) });
        expect(res.json.token).toBeUndefined();
      }
    }
    expect(await devicesOf(A.orgId)).toBe(before);

    env.OUTREACH_AUTH = false;
    try {
      const defaultOrg = (await ensureDefaultOrganization()).id;
      const beforeDefault = await devicesOf(defaultOrg);
      const res = await call(autoPair.POST, { method: "POST", headers: { "sec-fetch-site": "cross-site" }, body: {} });
      expect(res.status).toBe(403);
      expect(await devicesOf(defaultOrg)).toBe(beforeDefault);
    } finally {
      env.OUTREACH_AUTH = true;
    }

    for (const site of ["same-origin", "none"]) {
      const res = await call(autoPair.POST, { method: "POST", cookie: A.cookie, headers: { "sec-fetch-site": site }, body: {} });
      expect(res.status).toBe(201);
    }
    expect(await devicesOf(A.orgId)).toBe(before + 2);
  });
});

describe("bearer authentication", () => {
  it("a missing, malformed, unknown or revoked token is 401 on every bearer route and changes nothing", async () => {
    const { draft } = await sentDraft(A.orgId);
    const { device, token } = await createDevice(A.orgId);
    const revoke = await call(deviceRoute.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(device.id) } });
    expect(revoke.status).toBe(200);
    expect(revoke.json.device).toMatchObject({ id: device.id, revoked: true });

    const params = { id: String(draft.id) };
    const routes: Array<[Parameters<typeof call>[0], CallOptions]> = [
      [handshake.POST, { method: "POST" }],
      [extDraft.GET, { params }],
      [armed.POST, { method: "POST", params, body: {} }],
      [sent.POST, { method: "POST", params, body: {} }],
      [dmSync.POST, { method: "POST", body: syncBody() }],
      [syncStatus.GET, {}],
    ];
    const headerSets: Record<string, string>[] = [{}, { authorization: `Token ${token}` }, bearer("odt_nope"), bearer(token)];
    for (const headers of headerSets) {
      for (const [handler, opts] of routes) {
        // A dashboard session is no substitute for the device token.
        const res = await call(handler, { ...opts, headers, cookie: A.cookie });
        expect(res.status, JSON.stringify({ headers, res: res.json })).toBe(401);
        expect(res.json.error).toBe("unauthorized");
      }
    }
    const after = await db.draft.findUniqueOrThrow({ where: { id: draft.id } });
    expect(after.state).toBe("sent");
    expect(after.version).toBe(draft.version);
    expect((await db.extensionDevice.findUniqueOrThrow({ where: { id: device.id } })).lastSyncStatus).toBeNull();
  });
});

describe("draft calls", () => {
  it("another organization's draft is 404 for get, armed and sent, and stays as it was", async () => {
    const draft = await createDraftRow(A.orgId, { state: "approved" });
    const { token } = await createDevice(B.orgId);
    const params = { id: String(draft.id) };
    expect((await call(extDraft.GET, asDevice(token, { params }))).status).toBe(404);
    expect((await call(armed.POST, asDevice(token, { method: "POST", params, body: {} }))).status).toBe(404);
    const res = await call(sent.POST, asDevice(token, { method: "POST", params, body: { version: draft.version } }));
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("not_found");
    const after = await db.draft.findUniqueOrThrow({ where: { id: draft.id } });
    expect([after.state, after.version]).toEqual(["approved", draft.version]);
  });

  it("get, arm, a stale sent answers the spec's 409, and the retry with the fresh version sends", async () => {
    const project = await createProject(A.orgId);
    const draft = await createDraftRow(A.orgId, { state: "approved", projectId: project.id, targetUser: `bob_${uid()}` });
    const { device, token } = await createDevice(A.orgId);
    const params = { id: String(draft.id) };

    const got = await call(extDraft.GET, asDevice(token, { params }));
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ id: draft.id, version: draft.version, state: "approved", kind: "dm", body: draft.body, sendable: true, notSendableReason: null });

    const arm = await call(armed.POST, asDevice(token, { method: "POST", params, body: { version: got.json.version } }));
    expect(arm.status).toBe(200);
    expect(arm.json).toMatchObject({ state: "armed", version: draft.version + 1 });
    // Opening the compose page again changes nothing.
    const again = await call(armed.POST, asDevice(token, { method: "POST", params, rawBody: "" }));
    expect(again.json.version).toBe(draft.version + 1);
    const armedEvent = await db.draftEvent.findFirst({ where: { draftId: draft.id, event: "armed" } });
    expect(armedEvent).toMatchObject({ actorType: "device", actorId: device.id });

    // The reviewer touched it meanwhile (a reschedule bumps the version).
    await db.draft.update({ where: { id: draft.id }, data: { version: { increment: 1 } } });
    const stale = await call(sent.POST, asDevice(token, { method: "POST", params, body: { version: arm.json.version } }));
    expect(stale.status).toBe(409);
    expect(stale.json).toEqual({ error: "version_conflict", current_version: draft.version + 2 });
    expect((await db.draft.findUniqueOrThrow({ where: { id: draft.id } })).state).toBe("armed");

    const fresh = await call(extDraft.GET, asDevice(token, { params }));
    const retry = await call(sent.POST, asDevice(token, { method: "POST", params, body: { version: fresh.json.version } }));
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ state: "sent", version: fresh.json.version + 1 });
    expect(retry.json.sentAt).not.toBeNull();
    const contact = await db.contactHistory.findFirst({ where: { organizationId: A.orgId, targetUser: draft.targetUser } });
    expect(contact?.outcome).toBe("sent");

    // A retried call after a lost response is a success, not a conflict.
    const repeat = await call(sent.POST, asDevice(token, { method: "POST", params, body: { version: arm.json.version } }));
    expect(repeat.status).toBe(200);
    expect(repeat.json).toMatchObject({ state: "sent", alreadySent: true, version: fresh.json.version + 1 });
  });

  it("sent without a version uses the current one; a rejected draft is 409 conflict; a blocklisted one 422", async () => {
    const ok = await createDraftRow(A.orgId, { state: "approved" });
    const { token } = await createDevice(A.orgId);
    const res = await call(sent.POST, asDevice(token, { method: "POST", params: { id: String(ok.id) }, body: {} }));
    expect(res.status).toBe(200);
    expect(res.json.state).toBe("sent");

    const rejected = await createDraftRow(A.orgId, { state: "rejected" });
    const refused = await call(sent.POST, asDevice(token, { method: "POST", params: { id: String(rejected.id) }, body: {} }));
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("conflict");

    const target = `spammer_${uid()}`;
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, type: "user", value: target } });
    const blocked = await createDraftRow(A.orgId, { state: "approved", targetUser: target });
    const res422 = await call(sent.POST, asDevice(token, { method: "POST", params: { id: String(blocked.id) }, body: {} }));
    expect(res422.status).toBe(422);
    expect(res422.json.error).toBe("blocklisted");
    expect((await db.draft.findUniqueOrThrow({ where: { id: blocked.id } })).state).toBe("approved");
  });
});


describe("Settings device routes", () => {
  it("lists only this organization's devices; revoking needs an admin and another organization's device is 404", async () => {
    const mine = await createDevice(A.orgId);
    const theirs = await createDevice(B.orgId);
    const list = await call(devices.GET, { cookie: A.cookie });
    const ids = list.json.devices.map((d: { id: number }) => d.id);
    expect(ids).toContain(mine.device.id);
    expect(ids).not.toContain(theirs.device.id);

    expect((await call(deviceRoute.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(theirs.device.id) } })).status).toBe(404);
    expect((await db.extensionDevice.findUniqueOrThrow({ where: { id: theirs.device.id } })).revoked).toBe(false);

    const member = await createOrg({ role: "member" });
    const memberDevice = await createDevice(member.orgId);
    const refused = await call(deviceRoute.DELETE, { method: "DELETE", cookie: member.cookie, params: { id: String(memberDevice.device.id) } });
    expect(refused.status).toBe(403);
    expect((await call(handshake.POST, asDevice(memberDevice.token, { method: "POST" }))).status).toBe(200);
    // Any member may pair.
    expect((await call(pairingCodes.POST, { method: "POST", cookie: member.cookie })).status).toBe(201);
  });
});
