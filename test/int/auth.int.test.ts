// Sign-in with OUTREACH_AUTH=on: the cookie, wrong passwords, throttling, logout, and what needs a session.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { call } from "./http";
import { createDevice, createOrg, FIXTURE_PASSWORD } from "./fixtures";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as listProjects } from "@/app/api/projects/route";
import { POST as handshake } from "@/app/api/extension/handshake/route";
import { LIMITS } from "@/lib/auth/login-throttle";
import { peerAddressHeader } from "@/lib/http/peer-address";

const from = (ip: string) => ({ [peerAddressHeader()]: ip });

describe("POST /api/auth/login", () => {
  it("answers 200 and sets outreach_session for the right password", async () => {
    const org = await createOrg();
    const res = await call(login, { method: "POST", body: { username: org.username, password: FIXTURE_PASSWORD }, headers: from("10.0.0.1") });
    expect(res.status).toBe(200);
    expect(res.json.user.username).toBe(org.username);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^outreach_session=[^;]+;/);
    expect(cookie).toContain("HttpOnly");
    const session = cookie.split(";")[0];
    const projects = await call(listProjects, { cookie: session });
    expect(projects.status).toBe(200);
  });

  it("answers 401 with the error shape for a wrong password or an unknown user", async () => {
    const org = await createOrg();
    const wrong = await call(login, { method: "POST", body: { username: org.username, password: "nope" }, headers: from("10.0.0.2") });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: "unauthorized", message: "Wrong email, username or password" });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const unknown = await call(login, { method: "POST", body: { username: "nobody-here", password: "x" }, headers: from("10.0.0.2") });
    expect(unknown.status).toBe(401);
  });

  it("throttles repeated failures from one address, even with the right password afterwards", async () => {
    const org = await createOrg();
    for (let i = 0; i < LIMITS.accountAtAddress; i++) {
      const r = await call(login, { method: "POST", body: { username: org.username, password: "bad" }, headers: from("10.0.1.1") });
      expect(r.status).toBe(401);
    }
    const blocked = await call(login, { method: "POST", body: { username: org.username, password: FIXTURE_PASSWORD }, headers: from("10.0.1.1") });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe("rate_limited");
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("marks the cookie Secure when the dashboard is served over HTTPS, and keeps plain HTTP working", async () => {
    const org = await createOrg();
    const signIn = (headers: Record<string, string>) =>
      call(login, { method: "POST", body: { username: org.username, password: FIXTURE_PASSWORD }, headers: { ...from("10.0.8.1"), ...headers } });
    const flags = (cookie: string | null) => cookie!.split(";").map((p) => p.trim()).slice(1);

    // A plain-HTTP install: no Secure (the browser would drop it), whatever a client claims in X-Forwarded-Proto.
    const plain = await signIn({ "x-forwarded-proto": "https" });
    expect(plain.status).toBe(200);
    expect(flags(plain.headers.get("set-cookie"))).not.toContain("Secure");
    expect((await call(listProjects, { cookie: plain.headers.get("set-cookie")!.split(";")[0] })).status).toBe(200);

    const saved = { url: env.OUTREACH_PUBLIC_URL, trust: env.OUTREACH_TRUST_PROXY };
    try {
      env.OUTREACH_TRUST_PROXY = true;
      expect(flags((await signIn({ "x-forwarded-proto": "https" })).headers.get("set-cookie"))).toContain("Secure");
      expect(flags((await signIn({ "x-forwarded-proto": "http" })).headers.get("set-cookie"))).not.toContain("Secure");
      env.OUTREACH_TRUST_PROXY = false;
      env.OUTREACH_PUBLIC_URL = "https://outreach.example.com";
      expect(flags((await signIn({})).headers.get("set-cookie"))).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Secure"]));
      const out = await call(logout, { method: "POST" });
      expect(flags(out.headers.get("set-cookie"))).toContain("Secure");
    } finally {
      env.OUTREACH_PUBLIC_URL = saved.url;
      env.OUTREACH_TRUST_PROXY = saved.trust;
    }
  });

  it("never locks the owner out: guesses from other addresses do not block a known address", async () => {
    const org = await createOrg();
    const ok = await call(login, { method: "POST", body: { username: org.username, password: FIXTURE_PASSWORD }, headers: from("10.0.2.1") });
    expect(ok.status).toBe(200);
    // An attacker spreads guesses over many addresses until the per-account limit is reached.
    for (let i = 0; i < LIMITS.account + 2; i++) {
      await call(login, { method: "POST", body: { username: org.username, password: `guess${i}` }, headers: from(`10.9.${i}.1`) });
    }
    const fresh = await call(login, { method: "POST", body: { username: org.username, password: FIXTURE_PASSWORD }, headers: from("10.0.3.3") });
    expect(fresh.status).toBe(429);
    const owner = await call(login, { method: "POST", body: { username: org.username, password: FIXTURE_PASSWORD }, headers: from("10.0.2.1") });
    expect(owner.status).toBe(200);
  });
});

describe("sessions", () => {
  it("logout clears the cookie", async () => {
    const res = await call(logout, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^outreach_session=;.*Max-Age=0/);
  });

  it("the same session logged out from two tabs at once: both answer 200 and the cookie stops working", async () => {
    const org = await createOrg();
    const both = await Promise.all([call(logout, { method: "POST", cookie: org.cookie }), call(logout, { method: "POST", cookie: org.cookie })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await call(listProjects, { cookie: org.cookie })).status).toBe(401);
  });

  it("a route without the cookie answers 401, and a forged cookie too", async () => {
    expect((await call(listProjects)).status).toBe(401);
    const forged = await call(listProjects, { cookie: "outreach_session=not-a-token" });
    expect(forged.status).toBe(401);
    expect(forged.json.error).toBe("unauthorized");
  });

  it("a member removed from the organization loses access at once", async () => {
    const org = await createOrg();
    expect((await call(listProjects, { cookie: org.cookie })).status).toBe(200);
    await db.membership.deleteMany({ where: { userId: org.userId } });
    expect((await call(listProjects, { cookie: org.cookie })).status).toBe(401);
    // Signing in again says why (only once the password was right; a wrong one still reads as a wrong one).
    const again = await call(login, { method: "POST", body: { username: org.username, password: FIXTURE_PASSWORD }, headers: from("10.0.4.9") });
    expect(again.status).toBe(403);
    expect(again.json.message).toBe("This account no longer belongs to any organization. Ask an admin of one for a new invitation.");
    const wrong = await call(login, { method: "POST", body: { username: org.username, password: "not the password" }, headers: from("10.0.4.9") });
    expect(wrong.json).toEqual({ error: "unauthorized", message: "Wrong email, username or password" });
  });

  it("no response carries a password hash", async () => {
    const org = await createOrg();
    const res = await call(login, { method: "POST", body: { username: org.username, password: FIXTURE_PASSWORD }, headers: from("10.0.4.1") });
    expect(JSON.stringify(res.json)).not.toMatch(/scrypt|passwordHash|password_hash/);
  });
});

describe("extension bearer auth", () => {
  it("handshake without a bearer token answers 401 JSON, not a redirect, even with a valid cookie", async () => {
    const org = await createOrg();
    const res = await call(handshake, { method: "POST", cookie: org.cookie });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("unauthorized");
  });

  it("handshake with a device token answers 200; a revoked device gets 401", async () => {
    const org = await createOrg();
    const { device, token } = await createDevice(org.orgId);
    const ok = await call(handshake, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(ok.json.deviceId).toBe(device.id);
    await db.extensionDevice.update({ where: { id: device.id }, data: { revoked: true, revokedAt: new Date() } });
    expect((await call(handshake, { method: "POST", headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
