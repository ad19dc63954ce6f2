// Credentials end when they should (docs/security.md, "Sessions and keys"): signing out refuses that cookie wherever a
// copy of it is, Sign out everywhere ends every session of the user, an open stream ends once the session or API key
// behind it no longer holds (and when the check itself fails), a key cannot mint extension devices, and a person who
// leaves or is removed takes none of their keys or paired browsers with them.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createDevice, createOrg } from "./fixtures";
import { addMember, sessionCookie } from "./org-fixtures";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { resolveApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { openEventStream } from "@/lib/events/open-event-stream";
import { streamAccessCheck } from "@/lib/events/stream-access";
import * as projects from "@/app/api/projects/route";
import * as logout from "@/app/api/auth/logout/route";
import * as logoutEverywhere from "@/app/api/auth/logout-everywhere/route";
import * as pairingCodes from "@/app/api/settings/extension/pairing-codes/route";
import * as member from "@/app/api/members/[id]/route";
import * as leave from "@/app/api/organization/leave/route";
import * as apiKeyRoute from "@/app/api/api-keys/[id]/route";
import * as handshake from "@/app/api/extension/handshake/route";

const asKey = (key: string) => `apikey:${key}`;

/** Reads an SSE stream until it ends by itself; fails (by the test's timeout) if it never does. */
async function readToEnd(stream: ReadableStream<Uint8Array>, onHello: () => Promise<void>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let greeted = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value);
    if (!greeted && text.includes("event: hello")) {
      greeted = true;
      await onHello();
    }
  }
}

describe("signing out", () => {
  it("refuses the signed-out cookie from the next request, also a copy of it kept elsewhere", async () => {
    const A = await createOrg();
    const copy = A.cookie;
    expect((await call(projects.GET, { cookie: copy })).status).toBe(200);
    const out = await call(logout.POST, { method: "POST", cookie: A.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/outreach_session=;.*Max-Age=0/);
    expect((await call(projects.GET, { cookie: copy })).status).toBe(401);
    // Another session of the same person is not affected.
    const other = await sessionCookie({ userId: A.userId, orgId: A.orgId, username: A.username });
    expect((await call(projects.GET, { cookie: other })).status).toBe(200);
  });

  it("Sign out everywhere ends every session of the user and none of anyone else's", async () => {
    const A = await createOrg();
    const colleague = await addMember(A.orgId, "member");
    const laptop = await sessionCookie({ userId: A.userId, orgId: A.orgId, username: A.username });
    const res = await call(logoutEverywhere.POST, { method: "POST", cookie: A.cookie });
    expect(res.status).toBe(200);
    for (const cookie of [A.cookie, laptop]) expect((await call(projects.GET, { cookie })).status).toBe(401);
    expect((await call(projects.GET, { cookie: colleague.cookie })).status).toBe(200);
    // Signing in again makes a session that works.
    const fresh = await sessionCookie({ userId: A.userId, orgId: A.orgId, username: A.username });
    expect((await call(projects.GET, { cookie: fresh })).status).toBe(200);
  });
});

describe("an open stream", () => {
  it("ends at its next keep-alive once its session is signed out", async () => {
    const A = await createOrg();
    const req = new Request("http://localhost/api/stream", { headers: { cookie: A.cookie } });
    const abort = new AbortController();
    const stream = openEventStream(A.orgId, abort.signal, { stillAllowed: streamAccessCheck(req, { orgId: A.orgId, userId: A.userId }), pingEveryMs: 100 });
    await readToEnd(stream, async () => {
      await call(logout.POST, { method: "POST", cookie: A.cookie });
    });
    abort.abort();
  });

  it("ends once its API key is revoked, and once it expires", async () => {
    const A = await createOrg();
    for (const end of ["revoke", "expire"] as const) {
      const { key, id } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: `stream ${end}`, role: "read_only" });
      const caller = await resolveApiKeyCaller(key);
      const req = new Request("http://localhost/api/stream", { headers: { authorization: `Bearer ${key}` } });
      const abort = new AbortController();
      const stream = openEventStream(A.orgId, abort.signal, { stillAllowed: streamAccessCheck(req, caller), pingEveryMs: 100 });
      await readToEnd(stream, async () => {
        if (end === "revoke") expect((await call(apiKeyRoute.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(id) } })).status).toBe(200);
        else await db.apiKey.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      });
      abort.abort();
    }
  });

  it("fails closed: a check that cannot be made ends the stream", async () => {
    const A = await createOrg();
    const abort = new AbortController();
    const stream = openEventStream(A.orgId, abort.signal, { stillAllowed: () => Promise.reject(new Error("database unreachable")), pingEveryMs: 50 });
    const text = await readToEnd(stream, async () => undefined);
    expect(text).toContain("event: hello");
    expect(text).not.toContain("event: ping");
    abort.abort();
  });
});

describe("API keys and the people who made them", () => {
  it("a key cannot mint a pairing code (a device token would outlive the key)", async () => {
    const A = await createOrg();
    const { key } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "ci", role: "member" });
    const res = await call(pairingCodes.POST, { method: "POST", cookie: asKey(key) });
    expect(res.status).toBe(403);
    expect(await db.pairingCode.count({ where: { organizationId: A.orgId } })).toBe(0);
  });

  it("removing a member revokes the keys they made and the browsers they paired for that organization", async () => {
    const A = await createOrg();
    const leaver = await addMember(A.orgId, "admin");
    const { key } = await createApiKey({ orgId: A.orgId, userId: leaver.userId, name: "their script", role: "member" });
    const ownersKey = (await createApiKey({ orgId: A.orgId, userId: A.userId, name: "owner's script", role: "member" })).key;
    const device = await createDevice(A.orgId);
    await db.extensionDevice.update({ where: { id: device.device.id }, data: { userId: leaver.userId } });
    expect((await call(projects.GET, { cookie: asKey(key) })).status).toBe(200);

    const res = await call(member.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(leaver.membershipId) } });
    expect(res.status).toBe(200);
    expect(res.json.revoked).toEqual({ apiKeys: 1, devices: 1 });
    expect((await call(projects.GET, { cookie: asKey(key) })).status).toBe(401);
    expect((await call(handshake.POST, { method: "POST", headers: { authorization: `Bearer ${device.token}` } })).status).toBe(401);
    expect((await call(projects.GET, { cookie: asKey(ownersKey) })).status).toBe(200);
  });

  it("leaving an organization revokes one's keys there, and only there", async () => {
    const A = await createOrg();
    const B = await createOrg();
    const both = await addMember(A.orgId, "member");
    await db.membership.create({ data: { organizationId: B.orgId, userId: both.userId, role: "member" } });
    const inA = (await createApiKey({ orgId: A.orgId, userId: both.userId, name: "a", role: "member" })).key;
    const inB = (await createApiKey({ orgId: B.orgId, userId: both.userId, name: "b", role: "member" })).key;
    const res = await call(leave.POST, { method: "POST", cookie: both.cookie });
    expect(res.status).toBe(200);
    expect((await call(projects.GET, { cookie: asKey(inA) })).status).toBe(401);
    expect((await call(projects.GET, { cookie: asKey(inB) })).status).toBe(200);
  });
});
