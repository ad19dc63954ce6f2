// The Operator area (docs/cloud-edition.md): who is the operator in each edition, what the service status says and
// names, and the organizations table with its figures and filter.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createOrg, uid } from "./fixtures";
import { BILLING_ENV, withEnv } from "./org-fixtures";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { isOperator } from "@/lib/operators/is-operator";
import * as operator from "@/app/api/operator/route";
import * as operatorOrganizations from "@/app/api/operator/organizations/route";

describe("who is the operator", () => {
  it("in the cloud edition, only the usernames OUTREACH_OPERATORS names, never an API key", async () => {
    const A = await createOrg();
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_OPERATORS: ` Someone , ${A.username.toUpperCase()} ` }, async () => {
      expect((await call(operator.GET, { cookie: A.cookie })).status).toBe(200);
      const owner = await createOrg();
      expect((await call(operator.GET, { cookie: owner.cookie })).status).toBe(404);
      const { key } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "ops", role: "member" });
      expect((await call(operator.GET, { cookie: `apikey:${key}` })).status).toBe(403);
      expect(await isOperator({ orgId: A.orgId, username: A.username, role: "owner", authEnabled: true, apiKey: { id: 1 } })).toBe(false);
    });
  });

  it("on a self-hosted install, the default organization's admins and owners, and everyone when sign-in is off", async () => {
    const defaultOrg = await ensureDefaultOrganization();
    await withEnv({ OUTREACH_EDITION: "self-hosted", OUTREACH_OPERATORS: undefined }, async () => {
      expect(await isOperator({ orgId: defaultOrg.id, username: "installer", role: "owner", authEnabled: true })).toBe(true);
      expect(await isOperator({ orgId: defaultOrg.id, username: "helper", role: "member", authEnabled: true })).toBe(false);
      const other = await createOrg();
      expect(await isOperator({ orgId: other.orgId, username: other.username, role: "owner", authEnabled: true })).toBe(false);
      expect(await isOperator({ orgId: defaultOrg.id, username: null, role: "owner", authEnabled: false })).toBe(true);
    });
  });
});

describe("the service status", () => {
  it("names what to set for the relay, billing and token signing when none is configured (cloud edition)", async () => {
    const A = await createOrg();
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_OPERATORS: A.username, OUTREACH_CLOUD_RELAY_URL: undefined, OUTREACH_CLOUD_TOKEN: undefined, STRIPE_SECRET_KEY: undefined, OUTREACH_CLOUD_SIGNING_KEY: undefined, OUTREACH_SMTP_URL: undefined }, async () => {
      const res = await call(operator.GET, { cookie: A.cookie });
      expect(res.status).toBe(200);
      const check = (id: string) => res.json.checks.find((c: { id: string }) => c.id === id);
      expect(check("relay")).toMatchObject({ state: "attention", fix: expect.stringContaining("OUTREACH_CLOUD_RELAY_URL") });
      expect(check("billing")).toMatchObject({ state: "off", fix: expect.stringContaining("STRIPE_SECRET_KEY") });
      expect(check("tokens")).toMatchObject({ state: "off", fix: expect.stringContaining("OUTREACH_CLOUD_SIGNING_KEY") });
      expect(check("mail")).toMatchObject({ state: "attention", fix: expect.stringContaining("OUTREACH_SMTP_URL") });
      expect(res.json.jobs.jobs.map((j: { id: string }) => j.id)).toContain("campaign-tick");
    });
  });

  it("says billing is on, with its prices, once Stripe is configured; the relay that does not answer needs attention", async () => {
    const A = await createOrg();
    await withEnv({ ...BILLING_ENV, OUTREACH_OPERATORS: A.username, OUTREACH_CLOUD_RELAY_URL: "ws://127.0.0.1:9", OUTREACH_CLOUD_TOKEN: "ocr_test" }, async () => {
      const res = await call(operator.GET, { cookie: A.cookie });
      const check = (id: string) => res.json.checks.find((c: { id: string }) => c.id === id);
      expect(check("billing")).toMatchObject({ state: "ok", fix: null });
      expect(JSON.stringify(check("billing").details)).toContain(BILLING_ENV.STRIPE_PRICE_PRO);
      expect(check("relay")).toMatchObject({ state: "attention", summary: expect.stringContaining("127.0.0.1:9") });
    });
  });
});

describe("the organizations table", () => {
  it("lists every organization with members, this period's cloud minutes and the latest activity first, and filters by name", async () => {
    const tag = uid();
    const quiet = await createOrg();
    await db.organization.update({ where: { id: quiet.orgId }, data: { name: `Quiet ${tag}` } });
    const busy = await createOrg();
    await db.organization.update({ where: { id: busy.orgId }, data: { name: `Busy 100%_${tag}` } });
    await db.membership.create({ data: { organizationId: busy.orgId, userId: quiet.userId, role: "member" } });
    await db.meteredUsage.create({ data: { organizationId: busy.orgId, sourceKey: `op-${tag}`, seconds: 601, occurredAt: new Date() } });
    await db.run.create({ data: { organizationId: busy.orgId, kind: "campaign", runner: "cloud", status: "success" } });

    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_OPERATORS: quiet.username }, async () => {
      const res = await call(operatorOrganizations.GET, { cookie: quiet.cookie, path: `/api/operator/organizations?q=${encodeURIComponent(tag)}` });
      expect(res.status).toBe(200);
      expect(res.json.total).toBe(2);
      expect(res.json.organizations.map((o: { name: string }) => o.name)).toEqual([`Busy 100%_${tag}`, `Quiet ${tag}`]);
      expect(res.json.organizations[0]).toMatchObject({ members: 2, usedMinutes: 11, plan: "free", paid: false, lastActivityAt: expect.any(String) });
      expect(res.json.organizations[1]).toMatchObject({ members: 1, usedMinutes: 0, lastActivityAt: null });
      // % and _ in the filter are the characters themselves, not wildcards.
      const literal = await call(operatorOrganizations.GET, { cookie: quiet.cookie, path: `/api/operator/organizations?q=${encodeURIComponent(`100%_${tag}`)}` });
      expect(literal.json.organizations.map((o: { id: number }) => o.id)).toEqual([busy.orgId]);
      const none = await call(operatorOrganizations.GET, { cookie: quiet.cookie, path: `/api/operator/organizations?q=${encodeURIComponent(`0%x_${tag}`)}` });
      expect(none.json).toEqual({ total: 0, organizations: [] });
    });
  });
});
