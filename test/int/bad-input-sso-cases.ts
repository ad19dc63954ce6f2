// Bad-input cases of the single sign-on routes: each answers 400 with the error shape and writes nothing (the suite's
// snapshot covers the organization's connection through ssoSnapshot). Discovery is never attempted for a body that
// does not parse. The domain route takes no input: what it is sent is ignored.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as sso from "@/app/api/settings/sso/route";
import * as ssoDomain from "@/app/api/settings/sso/domain/route";
import * as ssoStart from "@/app/api/auth/sso/route";
import { call, type CallOptions } from "./http";
import type { OrgFixture } from "./fixtures";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

const json = { "content-type": "application/json" };

export async function ssoSnapshot(orgId: number) {
  return db.ssoConnection.findMany({ where: { organizationId: orgId } });
}

export function ssoBadInputCases(expect400: Expect400, org: () => OrgFixture): Record<string, () => Promise<void>> {
  return {
    "/api/settings/sso": async () => {
      const ok = { issuer: "https://login.example.com", clientId: "client", clientSecret: "secret" };
      for (const body of [
        {},
        { ...ok, issuer: "not a url" },
        { ...ok, issuer: "ftp://login.example.com" },
        { ...ok, issuer: "javascript:alert(1)" },
        { ...ok, clientId: "" },
        { ...ok, clientId: 7 },
        { ...ok, clientSecret: "" },
        { ...ok, clientSecret: "a\u0000b" },
        { ...ok, issuer: `https://${"x".repeat(600)}.example.com` },
        { ...ok, enabled: true },
      ]) {
        await expect400(sso.PUT, { method: "PUT", body });
      }
      await expect400(sso.PUT, { method: "PUT", rawBody: "{issuer", headers: json });
      for (const body of [{}, { enabled: "yes" }, { defaultRole: "owner" }, { defaultRole: "boss" }, { passwordSignInDisabled: 1 }, { enabled: true, domain: "a.example" }]) {
        await expect400(sso.PATCH, { method: "PATCH", body });
      }
      await expect400(sso.PATCH, { method: "PATCH", rawBody: "[", headers: json });
    },
    "/api/settings/sso/domain": async () => {
      // Takes no input: a body is ignored. This organization has no connection, so there is nothing to prove.
      const res = await call(ssoDomain.POST, { method: "POST", cookie: org().cookie, rawBody: "{garbage", headers: json });
      expect(res.status).toBe(404);
      expect(await db.ssoConnection.count({ where: { organizationId: org().orgId } })).toBe(0);
    },
    "/api/auth/sso": async () => {
      for (const body of [{}, { email: "not an address" }, { email: 5 }, { email: "a@b.example", organizationId: 1 }, { email: "a\u0000@b.example" }]) {
        await expect400(ssoStart.POST, { method: "POST", body });
      }
      await expect400(ssoStart.POST, { method: "POST", rawBody: "{email", headers: json });
    },
  };
}
