// The network guard (docs/security.md "Network"): a member cannot make the server call an address of its own network
// on their behalf. A federated instanceUrl that is (or resolves to) loopback, a private or a link-local address is
// refused when saved; an account row that already holds one (an older install) is refused at connect time in a real
// run of the scripted agent, whose federated_scout reaches nothing and reads why; an instance that redirects to such
// an address is refused at the redirect; and with OUTREACH_ALLOW_PRIVATE_HOSTS=on the same hosts work, which shows
// the refusals are the guard's doing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { openCredentials, sealCredentials } from "@/lib/crypto/credentials";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import * as mcpRoute from "@/app/api/mcp/route";
import * as projectAccounts from "@/app/api/projects/[id]/accounts/route";
import * as accountRoute from "@/app/api/accounts/[id]/route";
import { call } from "./http";
import { createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveRoute, toolResults } from "./agent-harness";

/** A loopback listener that answers every request and counts connections: the witness that nothing reached it. */
type Listener = { url: string; port: number; connections: number; requests: string[]; answer: (req: http.IncomingMessage, res: http.ServerResponse) => void; close: () => Promise<void> };
async function listen(): Promise<Listener> {
  const server = http.createServer();
  const l: Listener = { url: "", port: 0, connections: 0, requests: [], answer: (_q, r) => r.writeHead(200, { "content-type": "application/json" }).end("[]"), close: async () => {} };
  server.on("connection", () => l.connections++);
  server.on("request", (req, res) => {
    l.requests.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
    l.answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  l.port = (server.address() as AddressInfo).port;
  l.url = `http://127.0.0.1:${l.port}`;
  l.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return l;
}

const saved = { ...process.env };
let A: OrgFixture;
let memberKey: string;
let internal: Listener;
let mcp: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  await registerFakeBackends();
  mcp = await serveRoute(mcpRoute.POST);
  internal = await listen();
  // The operator's own instance is somewhere else entirely: the account's address is the tenant's choice.
  process.env.OUTREACH_FEDERATED_BASE_URL = "https://social.example";
  delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
  A = await createOrg();
  memberKey = `apikey:${(await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Member key", role: "member" })).key}`;
});
afterEach(() => {
  delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
  internal.connections = 0;
  internal.requests = [];
});
afterAll(async () => {
  for (const k of ["OUTREACH_FEDERATED_BASE_URL", "OUTREACH_ALLOW_PRIVATE_HOSTS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await Promise.all([mcp?.close(), internal?.close()]);
});

const accountsOf = (projectId: number) => db.account.findMany({ where: { projectId }, orderBy: { id: "asc" } });

describe("saving an instanceUrl the server must not call", () => {
  it.each([
    ["a loopback address", () => `${internal.url}/`, /127\.0\.0\.1 is a loopback address/],
    ["the cloud metadata address", () => "http://169.254.169.254", /169\.254\.169\.254 is a link-local address/],
    ["a private 10.x address", () => "https://10.20.30.40", /10\.20\.30\.40 is a private address/],
    ["a host name that resolves to loopback", () => `http://localhost:${internal.port}`, /localhost resolves to an address that cannot be used \((127\.0\.0\.1|::1) is a loopback address\)/],
  ])("%s is 400 and nothing is saved, on create and on edit", async (_label, instanceUrl, reason) => {
    const project = await createProject(A.orgId);
    const created = await call(projectAccounts.POST, {
      cookie: memberKey, method: "POST", params: { id: String(project.id) },
      body: { platform: "federated", platformId: "us@social.example", credentials: { instanceUrl: instanceUrl(), token: "tok" } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(400);
    expect(created.json).toMatchObject({ error: "bad_request", field: "credentials.instanceUrl" });
    expect(created.json.message).toMatch(/^The instance address is refused: /);
    expect(created.json.message).toMatch(reason);
    expect(created.json.message).toMatch(/OUTREACH_ALLOW_PRIVATE_HOSTS=on/);
    expect(await accountsOf(project.id)).toEqual([]);

    const fine = await call(projectAccounts.POST, { cookie: memberKey, method: "POST", params: { id: String(project.id) }, body: { platform: "federated", platformId: "us@social.example" } });
    expect(fine.status).toBe(201);
    const before = await accountsOf(project.id);
    const edited = await call(accountRoute.PATCH, {
      cookie: memberKey, method: "PATCH", params: { id: String(fine.json.id) }, body: { credentials: { instanceUrl: instanceUrl(), token: "tok" } },
    });
    expect(edited.status).toBe(400);
    expect(edited.json.message).toMatch(reason);
    expect(await accountsOf(project.id)).toEqual(before);
    expect(internal.connections).toBe(0);
  });

  it("is allowed once the operator allows private hosts (the same request that was refused)", async () => {
    process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
    const project = await createProject(A.orgId);
    const created = await call(projectAccounts.POST, {
      cookie: memberKey, method: "POST", params: { id: String(project.id) },
      body: { platform: "federated", platformId: "us@social.example", credentials: { instanceUrl: `${internal.url}/`, token: "tok" } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const row = await db.account.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(openCredentials(row.credentialsCiphertext!, row.credentialsKeyId!)).toMatchObject({ instanceUrl: `${internal.url}/` });
    // Even then the unspecified address stays refused: it reaches this very host.
    const unspecified = await call(projectAccounts.POST, {
      cookie: memberKey, method: "POST", params: { id: String(project.id) },
      body: { platform: "federated", platformId: "other@social.example", credentials: { instanceUrl: "http://0.0.0.0:80" } },
    });
    expect(unspecified.status).toBe(400);
    expect(unspecified.json.message).toMatch(/0\.0\.0\.0 is an unspecified address/);
  });
});

/** A federated-scout campaign of a fresh organization on the fake agent, whose default account holds `instanceUrl`. */
async function plantedCampaign(instanceUrl: string) {
  const org = await createOrg();
  const project = await createProject(org.orgId);
  // Written straight into the database, as an install from before the guard may hold it.
  const sealed = sealCredentials({ instanceUrl, accessToken: "planted-token" });
  await db.account.create({
    data: { organizationId: org.orgId, projectId: project.id, platform: "federated", platformId: "us@social.example", isDefault: true, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId },
  });
  const tag = `guard${uid()}`;
  await scriptOrgPlaybook(org.orgId, "federated-scout", {
    steps: [{ tool: "run_start" }, { tool: "federated_scout", args: { hashtags: [tag] } }, { tool: "run_finish", args: { summary: "Nothing to scout" } }],
  });
  const campaign = await db.campaign.create({
    data: { organizationId: org.orgId, projectId: project.id, name: `Fed ${uid()}`, platform: "federated", skill: "federated-scout", runner: FAKE_SLUG, state: "active" },
  });
  return { org, campaign, tag };
}

async function runScout(instanceUrl: string) {
  const { org, campaign, tag } = await plantedCampaign(instanceUrl);
  const started = await startCampaignRun({ orgId: org.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
  await started.done;
  const results = await toolResults(started.runId);
  return { scout: results[1]!, tag, results };
}

describe("an account row that already points at an internal address, in a real agent run", () => {
  it.each([
    ["the loopback listener", () => `${internal.url}/`, "127.0.0.1 is a loopback address"],
    ["a host name that resolves to it", () => `http://localhost:${internal.port}`, "is a loopback address"],
    ["the cloud metadata address", () => "http://169.254.169.254", "169.254.169.254 is a link-local address"],
  ])("federated_scout to %s reaches nothing and the agent reads why", async (_label, instanceUrl, reason) => {
    const { scout, results } = await runScout(instanceUrl());
    expect(scout.status).toBe("failed");
    expect(scout.text).toMatch(/^forbidden: The federated request to .+\/api\/v1\/timelines\/tag\/guard\w+ was refused: /);
    expect(scout.text).toContain(reason);
    expect(scout.text).toContain("OUTREACH_ALLOW_PRIVATE_HOSTS=on");
    expect(results.map((r) => r.status)).toEqual(["completed", "failed", "completed"]);
    expect(internal.connections).toBe(0);
    expect(internal.requests).toEqual([]);
  });

  it("with private hosts allowed, the same run reaches the instance with the account's token", async () => {
    process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
    const { scout, tag } = await runScout(`${internal.url}/`);
    expect(scout.status, scout.text).toBe("completed");
    expect(internal.requests).toEqual([`GET /api/v1/timelines/tag/${tag}?limit=20 Bearer planted-token`]);
  });
});

describe("an instance that redirects to an internal address", () => {
  it("is refused at the redirect: the internal listener is never reached and the token never leaves", async () => {
    // The instance is the operator's configured one (so it may be reached although it is loopback) and the account
    // names it; its answer is a redirect into the internal network, which is judged like any tenant host.
    const redirecting = await listen();
    redirecting.answer = (req, res) => res.writeHead(302, { location: `${internal.url}${req.url}` }).end();
    process.env.OUTREACH_FEDERATED_BASE_URL = redirecting.url;
    try {
      const { scout } = await runScout(`${redirecting.url}/`);
      expect(scout.status).toBe("failed");
      expect(scout.text).toMatch(/was refused: 127\.0\.0\.1 is a loopback address/);
      expect(redirecting.requests).toHaveLength(1);
      expect(internal.connections).toBe(0);

      // With private hosts allowed the redirect is followed, without the token (it belongs to the instance).
      process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
      const allowed = await runScout(`${redirecting.url}/`);
      expect(allowed.scout.status, allowed.scout.text).toBe("completed");
      expect(internal.requests).toEqual([`GET /api/v1/timelines/tag/${allowed.tag}?limit=20 `]);
    } finally {
      process.env.OUTREACH_FEDERATED_BASE_URL = "https://social.example";
      await redirecting.close();
    }
  });
});
