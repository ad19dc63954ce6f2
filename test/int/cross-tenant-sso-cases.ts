// Cross-tenant cases of the single sign-on routes, against a real provider on loopback: B's admin reads, connects,
// changes and disconnects only B's own connection; B cannot take A's proved domain; and a work email routes only to
// the provider of the organization that proved its domain. A's connection comes out exactly as it went in.
import { afterAll, beforeAll, expect } from "vitest";
import { db } from "@/lib/db/client";
import * as sso from "@/app/api/settings/sso/route";
import * as ssoDomain from "@/app/api/settings/sso/domain/route";
import * as ssoStart from "@/app/api/auth/sso/route";
import { call } from "./http";
import { startOidcTestProvider, type OidcTestProvider } from "./oidc-test-provider";
import { connectSso, ssoTestEnv } from "./sso-fixtures";
import { createOrg } from "./fixtures";
import type { RouteCases, TenantWorld } from "./cross-tenant-world";

export function ssoRouteCases(w: TenantWorld): RouteCases {
  let provider: OidcTestProvider;
  let restoreEnv: () => void;
  let a: { domain: string; connectionId: number };
  beforeAll(async () => {
    provider = await startOidcTestProvider();
    restoreEnv = ssoTestEnv();
    a = await connectSso(w.A, provider);
  });
  afterAll(async () => {
    restoreEnv?.();
    await provider?.close();
  });
  const aConnection = () => db.ssoConnection.findUniqueOrThrow({ where: { organizationId: w.A.orgId } });

  async function aUnchanged(fn: () => Promise<void>) {
    const before = await aConnection();
    await fn();
    expect(await aConnection()).toEqual(before);
  }

  return {
    "/api/settings/sso": async () => {
      await aUnchanged(async () => {
        const read = await call(sso.GET, { cookie: w.B.cookie });
        // Session routes: a key gets 403 (apiKeys: false); a session of B sees B's (none yet), never A's.
        if (w.B.cookie.startsWith("apikey:")) return expect(read.status).toBe(403);
        expect(read.status).toBe(200);
        expect(read.json.connection).toBeNull();
        expect((await call(sso.PATCH, { method: "PATCH", cookie: w.B.cookie, body: { enabled: false } })).status).toBe(404);
        expect((await call(sso.DELETE, { method: "DELETE", cookie: w.B.cookie })).status).toBe(404);
        const made = await call(sso.PUT, { method: "PUT", cookie: w.B.cookie, body: { issuer: provider.issuer, clientId: "b-client", clientSecret: "b-secret" } });
        expect(made.status).toBe(200);
        expect(made.json.connection).toMatchObject({ clientId: "b-client", domain: null, enabled: false });
        expect((await call(sso.PATCH, { method: "PATCH", cookie: w.B.cookie, body: { defaultRole: "admin" } })).json.connection.defaultRole).toBe("admin");
        expect((await call(sso.DELETE, { method: "DELETE", cookie: w.B.cookie })).status).toBe(204);
      });
    },
    "/api/settings/sso/domain": async () => {
      await aUnchanged(async () => {
        const B = await createOrg();
        await call(sso.PUT, { method: "PUT", cookie: B.cookie, body: { issuer: provider.issuer, clientId: "b", clientSecret: "s" } });
        // B's admin with a verified address at A's proved domain still cannot take it.
        await db.user.update({ where: { id: B.userId }, data: { email: `intruder@${a.domain}`, emailVerifiedAt: new Date() } });
        const res = await call(ssoDomain.POST, { method: "POST", cookie: B.cookie });
        expect(res.status).toBe(409);
        expect((await db.ssoConnection.findUniqueOrThrow({ where: { organizationId: B.orgId } })).domain).toBeNull();
      });
    },
    "/api/auth/sso": async () => {
      await aUnchanged(async () => {
        const B = await createOrg();
        const b = await connectSso(B, provider);
        expect((await call(ssoStart.POST, { method: "POST", body: { email: `someone@${a.domain}` } })).json).toEqual({ providerId: `sso-${a.connectionId}` });
        expect((await call(ssoStart.POST, { method: "POST", body: { email: `someone@${b.domain}` } })).json).toEqual({ providerId: `sso-${b.connectionId}` });
        // Switched off, B's domain routes nowhere: never to A's provider.
        await db.ssoConnection.update({ where: { id: b.connectionId }, data: { enabled: false } });
        expect((await call(ssoStart.POST, { method: "POST", body: { email: `someone@${b.domain}` } })).status).toBe(404);
      });
    },
  };
}
