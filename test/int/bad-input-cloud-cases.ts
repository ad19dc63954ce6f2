// Bad-input cases of the cloud edition's routes (organizations, members, invitations, billing, cloud runner tokens):
// each answers 400 with the error shape and writes nothing (the suite's snapshot covers the tables through
// cloudSnapshot). Routes that take no input show that what they are sent is ignored.
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import Stripe from "stripe";
import { db } from "@/lib/db/client";
import * as organizations from "@/app/api/organizations/route";
import * as organization from "@/app/api/organization/route";
import * as leave from "@/app/api/organization/leave/route";
import * as gettingStarted from "@/app/api/organization/getting-started/route";
import * as switchOrg from "@/app/api/auth/switch-organization/route";
import * as members from "@/app/api/members/route";
import * as member from "@/app/api/members/[id]/route";
import * as invites from "@/app/api/invites/route";
import * as invite from "@/app/api/invites/[id]/route";
import * as lookup from "@/app/api/invites/lookup/route";
import * as accept from "@/app/api/invites/accept/route";
import * as billing from "@/app/api/billing/route";
import * as checkout from "@/app/api/billing/checkout/route";
import * as portal from "@/app/api/billing/portal/route";
import * as stripeWebhook from "@/app/api/billing/webhook/route";
import * as tokens from "@/app/api/cloud-runner/tokens/route";
import * as token from "@/app/api/cloud-runner/tokens/[id]/route";
import * as revocations from "@/app/api/cloud-runner/revocations/route";
import * as usage from "@/app/api/cloud-runner/usage/route";
import * as apiKeys from "@/app/api/api-keys/route";
import * as apiKey from "@/app/api/api-keys/[id]/route";
import { call, type CallOptions } from "./http";
import type { OrgFixture } from "./fixtures";
import { BILLING_ENV, withEnv } from "./org-fixtures";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

const CLOUD = { OUTREACH_EDITION: "cloud" } as const;
const RELAY_SECRET = "bad-input-relay-report-secret";
const json = { "content-type": "application/json" };
const wellFormedToken = () => `inv_${randomBytes(32).toString("base64url")}`;

export function cloudBadInputCases(expect400: Expect400, org: () => OrgFixture): Record<string, () => Promise<void>> {
  const orgName = async () => (await db.organization.findUniqueOrThrow({ where: { id: org().orgId } })).name;
  return {
    "/api/organizations": async () => {
      await withEnv(CLOUD, async () => {
        await expect400(organizations.POST, { method: "POST", body: {} });
        await expect400(organizations.POST, { method: "POST", body: { name: "   " } });
        await expect400(organizations.POST, { method: "POST", body: { name: 7 } });
        await expect400(organizations.POST, { method: "POST", body: { name: "x".repeat(121) } });
        await expect400(organizations.POST, { method: "POST", body: { name: "Fine", plan: "pro" } });
        await expect400(organizations.POST, { method: "POST", rawBody: "{name", headers: json });
        // The list takes no input: a query is ignored.
        const list = await call(organizations.GET, { cookie: org().cookie, path: "/api/organizations?all=1" });
        expect(list.status).toBe(200);
        expect(list.json.organizations.map((o: { id: number }) => o.id)).toEqual([org().orgId]);
      });
    },
    "/api/organization/getting-started": async () => {
      for (const body of [{}, { dismissed: "yes" }, { dismissed: 1 }, { dismissed: true, organizationId: 1 }]) {
        await expect400(gettingStarted.PUT, { method: "PUT", body });
      }
      await expect400(gettingStarted.PUT, { method: "PUT", rawBody: "{dismissed", headers: json });
      expect((await db.organization.findUniqueOrThrow({ where: { id: org().orgId } })).gettingStartedDismissedAt).toBeNull();
    },
    "/api/organization": async () => {
      await expect400(organization.PATCH, { method: "PATCH", body: {} });
      await expect400(organization.PATCH, { method: "PATCH", body: { name: "" } });
      await expect400(organization.PATCH, { method: "PATCH", body: { name: "x".repeat(121) } });
      await expect400(organization.PATCH, { method: "PATCH", body: { name: "Fine", slug: "fine" } });
      await expect400(organization.DELETE, { method: "DELETE", body: {} });
      await expect400(organization.DELETE, { method: "DELETE", body: { confirmName: "  " } });
      await expect400(organization.DELETE, { method: "DELETE", body: { confirmName: 42 } });
      await expect400(organization.DELETE, { method: "DELETE", body: { confirmName: await orgName(), force: true } });
      await expect400(organization.DELETE, { method: "DELETE", rawBody: "confirm", headers: json });
      // A name that is not the organization's: refused before anything else.
      await expect400(organization.DELETE, { method: "DELETE", body: { confirmName: `${await orgName()} (copy)` } });
      expect(await db.organization.count({ where: { id: org().orgId } })).toBe(1);
    },
    "/api/organization/leave": async () => {
      // Takes no input: a body is ignored, and leaving one's only organization is still refused.
      const res = await call(leave.POST, { method: "POST", cookie: org().cookie, rawBody: "{garbage" });
      expect(res.status).toBe(409);
      expect(res.json.error).toBe("conflict");
      expect(await db.membership.count({ where: { organizationId: org().orgId, userId: org().userId } })).toBe(1);
    },
    "/api/auth/switch-organization": async () => {
      await expect400(switchOrg.POST, { method: "POST", body: {} });
      await expect400(switchOrg.POST, { method: "POST", body: { organizationId: String(org().orgId) } });
      await expect400(switchOrg.POST, { method: "POST", body: { organizationId: 0 } });
      await expect400(switchOrg.POST, { method: "POST", body: { organizationId: 1.5 } });
      await expect400(switchOrg.POST, { method: "POST", body: { organizationId: org().orgId, userId: 1 } });
      await expect400(switchOrg.POST, { method: "POST", rawBody: "[1", headers: json });
    },
    "/api/members": async () => {
      // Takes no input: a query is ignored.
      const res = await call(members.GET, { cookie: org().cookie, path: "/api/members?role=owner&org=1" });
      expect(res.status).toBe(200);
      expect(res.json.members.map((m: { username: string }) => m.username)).toEqual([org().username]);
    },
    "/api/members/[id]": async () => {
      const own = await db.membership.findUniqueOrThrow({ where: { organizationId_userId: { organizationId: org().orgId, userId: org().userId } } });
      const params = { id: String(own.id) };
      await expect400(member.PATCH, { method: "PATCH", params: { id: "abc" }, body: { role: "admin" } });
      await expect400(member.PATCH, { method: "PATCH", params, body: { role: "king" } });
      await expect400(member.PATCH, { method: "PATCH", params, body: {} });
      await expect400(member.PATCH, { method: "PATCH", params, body: { role: "admin", userId: 1 } });
      await expect400(member.PATCH, { method: "PATCH", params, rawBody: "{role", headers: json });
      await expect400(member.DELETE, { method: "DELETE", params: { id: "0" } });
      await expect400(member.DELETE, { method: "DELETE", params: { id: "1.5" } });
      expect((await db.membership.findUniqueOrThrow({ where: { id: own.id } })).role).toBe("owner");
    },
    "/api/invites": async () => {
      await expect400(invites.POST, { method: "POST", body: { role: "boss" } });
      await expect400(invites.POST, { method: "POST", body: { role: 1 } });
      await expect400(invites.POST, { method: "POST", body: { role: "member", email: "not an address" } });
      await expect400(invites.POST, { method: "POST", body: { role: "member", email: 7 } });
      await expect400(invites.POST, { method: "POST", body: { role: "member", email: "some\u0000one@example.com" } });
      await expect400(invites.POST, { method: "POST", body: { role: "member", email: "someone@example.com", name: "Someone" } });
      await expect400(invites.POST, { method: "POST", rawBody: "[", headers: json });
      // The list takes no input.
      const res = await call(invites.GET, { cookie: org().cookie, path: "/api/invites?state=all" });
      expect(res.status).toBe(200);
      expect(res.json.invites).toEqual([]);
    },
    "/api/invites/[id]": async () => {
      await expect400(invite.DELETE, { method: "DELETE", params: { id: "abc" } });
      await expect400(invite.DELETE, { method: "DELETE", params: { id: "0" } });
      await expect400(invite.DELETE, { method: "DELETE", params: { id: "99999999999" } });
    },
    "/api/invites/lookup": async () => {
      await expect400(lookup.GET, { path: "/api/invites/lookup" });
      await expect400(lookup.GET, { path: "/api/invites/lookup?token=abc" });
      await expect400(lookup.GET, { path: `/api/invites/lookup?token=${wellFormedToken().slice(0, -1)}!` });
      await expect400(lookup.GET, { path: `/api/invites/lookup?token=${wellFormedToken()}&org=1` });
    },
    "/api/invites/accept": async () => {
      await expect400(accept.POST, { method: "POST", body: {} });
      await expect400(accept.POST, { method: "POST", body: { token: "inv_short" } });
      await expect400(accept.POST, { method: "POST", body: { token: 12345 } });
      await expect400(accept.POST, { method: "POST", body: { token: wellFormedToken(), role: "owner" } });
      await expect400(accept.POST, { method: "POST", rawBody: "{token", headers: json });
    },
    "/api/billing": async () => {
      // Takes no input: a query is ignored.
      const res = await call(billing.GET, { cookie: org().cookie, path: "/api/billing?plan=pro" });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ enabled: false, plan: { slug: "free" }, members: { count: 1 } });
    },
    "/api/billing/checkout": async () => {
      // Takes no input; with billing off it answers 503 whatever it is sent, and reaches nothing.
      const res = await call(checkout.POST, { method: "POST", cookie: org().cookie, rawBody: "{garbage" });
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ error: "unavailable", message: "Billing is not set up on this install" });
      expect((await db.organization.findUniqueOrThrow({ where: { id: org().orgId } })).stripeCustomerId).toBeNull();
    },
    "/api/billing/portal": async () => {
      const res = await call(portal.POST, { method: "POST", cookie: org().cookie, body: { return_url: "https://evil.example" } });
      expect(res.status).toBe(503);
      expect(res.json.error).toBe("unavailable");
    },
    "/api/billing/webhook": async () => {
      await withEnv(BILLING_ENV, async () => {
        const id = `evt_bad_input_${randomUUID()}`;
        const payload = JSON.stringify({ id, object: "event", type: "checkout.session.completed", data: { object: { client_reference_id: String(org().orgId), customer: "cus_attacker" } } });
        const signedWith = (secret: string) => new Stripe("sk_test_other").webhooks.generateTestHeaderString({ payload, secret });
        await expect400(stripeWebhook.POST, { method: "POST", rawBody: payload, headers: json });
        await expect400(stripeWebhook.POST, { method: "POST", rawBody: payload, headers: { ...json, "stripe-signature": "t=1,v1=deadbeef" } });
        await expect400(stripeWebhook.POST, { method: "POST", rawBody: payload, headers: { ...json, "stripe-signature": signedWith("whsec_someone_else") } });
        // A correct signature over another body does not cover this one.
        await expect400(stripeWebhook.POST, { method: "POST", rawBody: payload.replace("cus_attacker", "cus_other"), headers: { ...json, "stripe-signature": signedWith(BILLING_ENV.STRIPE_WEBHOOK_SECRET) } });
        await expect400(stripeWebhook.POST, { method: "POST", rawBody: "not json", headers: json });
        expect(await db.stripeEvent.count({ where: { id } })).toBe(0);
        expect((await db.organization.findUniqueOrThrow({ where: { id: org().orgId } })).stripeCustomerId).toBeNull();
      });
    },
    "/api/cloud-runner/tokens": async () => {
      await expect400(tokens.POST, { method: "POST", body: {} });
      await expect400(tokens.POST, { method: "POST", body: { name: "  " } });
      await expect400(tokens.POST, { method: "POST", body: { name: "Laptop", ttlDays: 0 } });
      await expect400(tokens.POST, { method: "POST", body: { name: "Laptop", ttlDays: 366 } });
      await expect400(tokens.POST, { method: "POST", body: { name: "Laptop", ttlDays: "30" } });
      await expect400(tokens.POST, { method: "POST", body: { name: "Laptop", org: 1 } });
      await expect400(tokens.POST, { method: "POST", body: { name: "x".repeat(81) } });
    },
    "/api/cloud-runner/tokens/[id]": async () => {
      await expect400(token.DELETE, { method: "DELETE", params: { id: "abc" } });
      await expect400(token.DELETE, { method: "DELETE", params: { id: "-1" } });
    },
    "/api/api-keys": async () => {
      await expect400(apiKeys.POST, { method: "POST", body: { name: "" } });
      await expect400(apiKeys.POST, { method: "POST", body: { name: "Script", role: "owner" } });
      await expect400(apiKeys.POST, { method: "POST", body: { name: "Script", expiresInDays: 9999 } });
      await expect400(apiKeys.POST, { method: "POST", rawBody: "{not json", headers: json });
    },
    "/api/api-keys/[id]": async () => {
      await expect400(apiKey.DELETE, { method: "DELETE", params: { id: "abc" } });
      await expect400(apiKey.DELETE, { method: "DELETE", params: { id: "0" } });
    },
    "/api/cloud-runner/revocations": async () => {
      // Takes no input: a query is ignored.
      await withEnv(CLOUD, async () => {
        const res = await call(revocations.GET, { path: "/api/cloud-runner/revocations?org=1" });
        expect(res.status).toBe(200);
        expect(Array.isArray(res.json.revoked)).toBe(true);
        expect(res.json.blocked).toEqual([]);
      });
    },
    "/api/cloud-runner/usage": async () => {
      const jti = randomUUID();
      const row = await db.cloudRunnerToken.create({ data: { organizationId: org().orgId, jti, name: "bad-input token", expiresAt: new Date(Date.now() + 86_400_000) } });
      try {
        await withEnv({ ...CLOUD, OUTREACH_RELAY_REPORT_SECRET: RELAY_SECRET }, async () => {
          const headers = { authorization: `Bearer ${RELAY_SECRET}` };
          const ok = { jti, org: org().orgId, runId: 7, seconds: 60, endedAt: new Date().toISOString() };
          await expect400(usage.POST, { method: "POST", headers, body: {} });
          await expect400(usage.POST, { method: "POST", headers, body: { ...ok, seconds: -1 } });
          await expect400(usage.POST, { method: "POST", headers, body: { ...ok, seconds: 8 * 24 * 3600 } });
          await expect400(usage.POST, { method: "POST", headers, body: { ...ok, endedAt: "yesterday" } });
          await expect400(usage.POST, { method: "POST", headers, body: { ...ok, runId: 0 } });
          await expect400(usage.POST, { method: "POST", headers, body: { ...ok, jti: "short" } });
          await expect400(usage.POST, { method: "POST", headers, body: { ...ok, organizationId: 1 } });
          await expect400(usage.POST, { method: "POST", headers: { ...headers, ...json }, rawBody: "{jti" });
        });
        expect(await db.meteredUsage.count({ where: { organizationId: org().orgId } })).toBe(0);
        expect((await db.cloudRunnerToken.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt).toBeNull();
      } finally {
        await db.cloudRunnerToken.delete({ where: { id: row.id } });
      }
    },
  };
}

/** What the cloud cases could change, for the suite's snapshot. */
export async function cloudSnapshot(orgId: number) {
  const [o, i, t, u, s, mine, k] = await Promise.all([
    db.organization.findUniqueOrThrow({ where: { id: orgId } }),
    db.invite.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" } }),
    db.cloudRunnerToken.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" } }),
    db.meteredUsage.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" } }),
    db.stripeEvent.count({ where: { organizationId: orgId } }),
    // Every membership of the organization's people, anywhere: a new organization or a join would show here.
    db.membership.findMany({ where: { user: { memberships: { some: { organizationId: orgId } } } }, orderBy: { id: "asc" } }),
    db.apiKey.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" } }),
  ]);
  return { o, i, t, u, s, mine, k };
}
