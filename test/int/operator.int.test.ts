// The Operator area (docs/cloud-edition.md): who is the operator in each edition, what the service status says and
// names, and the organizations table with its figures and filter.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createOrg, uid } from "./fixtures";
import { asOperatorUser, BILLING_ENV, sessionFrom, withEnv } from "./org-fixtures";

function signUp(body: { email: string; username?: string }) {
  return call(signup.POST, { method: "POST", path: "/api/auth/signup", body: { ...body, password: "a long enough password", organizationName: `Org ${uid()}` } });
}
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { isOperator } from "@/lib/operators/is-operator";
import * as operator from "@/app/api/operator/route";
import * as operatorOrganizations from "@/app/api/operator/organizations/route";
import * as operatorRunners from "@/app/api/operator/runners/route";
import * as signup from "@/app/api/auth/signup/route";
import { operatorsGrant, operatorsList, operatorsRevoke } from "@/lib/cli/operator-commands";

describe("who is the operator", () => {
  it("in the cloud edition, only a user the command line granted, by id; never an API key", async () => {
    const A = await createOrg();
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_OPERATORS: undefined }, async () => {
      expect((await call(operator.GET, { cookie: A.cookie })).status).toBe(404);
      expect(await operatorsGrant(["--user", A.username.toUpperCase()])).toMatchObject({ operator: { id: A.userId, operatorSince: expect.any(String) } });
      expect((await call(operator.GET, { cookie: A.cookie })).status).toBe(200);
      expect(await operatorsList([])).toMatchObject({ operators: expect.arrayContaining([expect.objectContaining({ id: A.userId })]) });
      const owner = await createOrg();
      expect((await call(operator.GET, { cookie: owner.cookie })).status).toBe(404);
      const { key } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "ops", role: "member" });
      expect((await call(operator.GET, { cookie: `apikey:${key}` })).status).toBe(403);
      expect(await isOperator({ orgId: A.orgId, userId: A.userId, role: "owner", authEnabled: true, apiKey: { id: 1 } })).toBe(false);
      await operatorsRevoke(["--user", A.username]);
      expect((await call(operator.GET, { cookie: A.cookie })).status).toBe(404);
      await expect(operatorsGrant(["--user", "nobody-by-this-name"])).rejects.toThrow("No user is called nobody-by-this-name");
    });
  });

  it("a stranger who signs up with the name OUTREACH_OPERATORS lists, in any spelling, gets no operator area", async () => {
    const name = `opadmin${uid()}`;
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_OPERATORS: ` Someone , ${name} , ${name}@ops.example ` }, async () => {
      // The username field, in another case: refused like a taken name.
      const byField = await signUp({ email: `${uid()}@evil.test`, username: name.toUpperCase() });
      expect(byField.status).toBe(409);
      expect(byField.json).toMatchObject({ error: "conflict", message: "That username is taken" });
      // The address's local part, in another case: signed up, but under another name and with no operator area.
      for (const email of [`${name}@evil.test`, `${name.toUpperCase()}@Other.test`, `${name}+x@third.test`]) {
        const res = await signUp({ email });
        expect(res.status, JSON.stringify(res.json)).toBe(201);
        expect(res.json.user.username).not.toBe(name);
        expect(res.json.user.username).toMatch(new RegExp(`^${name}-[0-9a-f]+$`));
        const cookie = sessionFrom(res);
        expect((await call(operator.GET, { cookie })).status).toBe(404);
        expect((await call(operatorOrganizations.GET, { cookie, path: "/api/operator/organizations" })).status).toBe(404);
        expect((await call(operatorRunners.POST, { cookie, method: "POST" })).status).toBe(404);
      }
      // The address the bootstrap names, signed up by someone who cannot read its mail: nothing until it is verified.
      const bootstrap = await signUp({ email: `${name}@ops.example` });
      expect(bootstrap.status).toBe(201);
      const cookie = sessionFrom(bootstrap);
      expect((await call(operator.GET, { cookie })).status).toBe(404);
      await db.user.update({ where: { id: bootstrap.json.user.id }, data: { emailVerifiedAt: new Date() } });
      expect((await call(operator.GET, { cookie })).status).toBe(200);
    });
  });

  it("on a self-hosted install, the default organization's admins and owners, and everyone when sign-in is off", async () => {
    const defaultOrg = await ensureDefaultOrganization();
    await withEnv({ OUTREACH_EDITION: "self-hosted", OUTREACH_OPERATORS: undefined }, async () => {
      expect(await isOperator({ orgId: defaultOrg.id, userId: null, role: "owner", authEnabled: true })).toBe(true);
      expect(await isOperator({ orgId: defaultOrg.id, userId: null, role: "member", authEnabled: true })).toBe(false);
      const other = await createOrg();
      expect(await isOperator({ orgId: other.orgId, userId: other.userId, role: "owner", authEnabled: true })).toBe(false);
      expect(await isOperator({ orgId: defaultOrg.id, userId: null, role: "owner", authEnabled: false })).toBe(true);
    });
  });
});

describe("the service status", () => {
  it("names what to set for the relay, billing and token signing when none is configured (cloud edition)", async () => {
    const A = await createOrg();
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_CLOUD_RELAY_URL: undefined, OUTREACH_CLOUD_TOKEN: undefined, STRIPE_SECRET_KEY: undefined, OUTREACH_CLOUD_SIGNING_KEY: undefined, OUTREACH_SMTP_URL: undefined }, () => asOperatorUser(A, async () => {
      const res = await call(operator.GET, { cookie: A.cookie });
      expect(res.status).toBe(200);
      const check = (id: string) => res.json.checks.find((c: { id: string }) => c.id === id);
      expect(check("relay")).toMatchObject({ state: "attention", fix: expect.stringContaining("OUTREACH_CLOUD_RELAY_URL") });
      expect(check("billing")).toMatchObject({ state: "off", fix: expect.stringContaining("STRIPE_SECRET_KEY") });
      expect(check("tokens")).toMatchObject({ state: "off", fix: expect.stringContaining("OUTREACH_CLOUD_SIGNING_KEY") });
      expect(check("mail")).toMatchObject({ state: "attention", fix: expect.stringContaining("OUTREACH_SMTP_URL") });
      expect(res.json.jobs.jobs.map((j: { id: string }) => j.id)).toContain("campaign-tick");
    }));
  });

  it("says billing is on, with its prices, once Stripe is configured; the relay that does not answer needs attention", async () => {
    const A = await createOrg();
    await withEnv({ ...BILLING_ENV, OUTREACH_CLOUD_RELAY_URL: "ws://127.0.0.1:9", OUTREACH_CLOUD_TOKEN: "ocr_test" }, () => asOperatorUser(A, async () => {
      const res = await call(operator.GET, { cookie: A.cookie });
      const check = (id: string) => res.json.checks.find((c: { id: string }) => c.id === id);
      expect(check("billing")).toMatchObject({ state: "ok", fix: null });
      expect(JSON.stringify(check("billing").details)).toContain(BILLING_ENV.STRIPE_PRICE_PRO);
      expect(check("relay")).toMatchObject({ state: "attention", summary: expect.stringContaining("127.0.0.1:9") });
    }));
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

    await withEnv({ OUTREACH_EDITION: "cloud" }, () => asOperatorUser(quiet, async () => {
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
    }));
  });
});
