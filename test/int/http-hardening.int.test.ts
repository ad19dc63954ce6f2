// What the route wrappers refuse before a handler runs (docs/security.md, "Browsers" and "Limits"): writes another
// site's page makes with the victim's browser (403), bodies not labelled JSON (415), bodies above the ceiling (413,
// counted while reading, before authentication), text with U+0000 and ids beyond int4 (400, never a 500 from the
// database), JSON-RPC batches on the public MCP server, and a relay's usage report with a bearer the secret's length
// in characters but not in bytes. Each case also checks that nothing was written.
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { call, type CallOptions } from "./http";
import { createOrg, createProject, FIXTURE_PASSWORD, type OrgFixture } from "./fixtures";
import { withEnv } from "./org-fixtures";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import * as projects from "@/app/api/projects/route";
import * as playbooks from "@/app/api/playbooks/route";
import * as campaigns from "@/app/api/campaigns/route";
import * as endpoints from "@/app/api/webhooks/endpoints/route";
import * as apiKeys from "@/app/api/api-keys/route";
import * as apiKey from "@/app/api/api-keys/[id]/route";
import * as organizations from "@/app/api/organizations/route";
import * as audit from "@/app/api/audit/route";
import * as members from "@/app/api/members/[id]/route";
import * as tokens from "@/app/api/cloud-runner/tokens/[id]/route";
import * as runEvents from "@/app/api/runs/[id]/events/route";
import * as login from "@/app/api/auth/login/route";
import * as signup from "@/app/api/auth/signup/route";
import * as publicMcp from "@/app/api/mcp/public/route";
import * as usage from "@/app/api/cloud-runner/usage/route";

type Handler = Parameters<typeof call>[0];
let A: OrgFixture;
let projectId: number;

beforeAll(async () => {
  A = await createOrg();
  projectId = (await createProject(A.orgId)).id;
});

/** What any of these requests could have written in A's organization, or anywhere for users and organizations. */
async function counts() {
  const [p, pb, c, w, k, o, u] = await Promise.all([
    db.project.count({ where: { organizationId: A.orgId } }),
    db.playbook.count({ where: { organizationId: A.orgId } }),
    db.campaign.count({ where: { organizationId: A.orgId } }),
    db.webhookEndpoint.count({ where: { organizationId: A.orgId } }),
    db.apiKey.count({ where: { organizationId: A.orgId } }),
    db.organization.count(),
    db.user.count(),
  ]);
  return { p, pb, c, w, k, o, u };
}

async function refused(handler: Handler, opts: CallOptions, status: number, error: string) {
  const before = await counts();
  const res = await call(handler, { cookie: A.cookie, ...opts });
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.error).toBe(error);
  expect(typeof res.json.message).toBe("string");
  expect(await counts()).toEqual(before);
  return res;
}

describe("cross-site writes", () => {
  const body = { name: `Forged ${Date.now()}` };

  it("refuses a cookie write another site's page made (Sec-Fetch-Site cross-site or same-site)", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = await refused(projects.POST, { method: "POST", body, headers: { "sec-fetch-site": site } }, 403, "forbidden");
      expect(res.json.message).toMatch(/dashboard's own tab/);
    }
  });

  it("refuses a write whose Origin is not the dashboard's, including an opaque one", async () => {
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null"]) {
      await refused(projects.POST, { method: "POST", body, headers: { origin } }, 403, "forbidden");
    }
  });

  it("refuses a sign-in or sign-up another site posts (login CSRF), before the password is looked at", async () => {
    await refused(login.POST, { method: "POST", body: { username: A.username, password: FIXTURE_PASSWORD }, headers: { "sec-fetch-site": "cross-site" } }, 403, "forbidden");
    await refused(signup.POST, { method: "POST", body: { username: `x${Date.now()}`, password: "a long enough password" }, headers: { origin: "https://evil.example" } }, 403, "forbidden");
  });

  it("lets the dashboard's own tab write, and a client that is not a browser", async () => {
    const own = await call(projects.POST, { method: "POST", cookie: A.cookie, body: { name: `Own ${Date.now()}` }, headers: { "sec-fetch-site": "same-origin", origin: "http://localhost", host: "localhost" } });
    expect(own.status).toBe(201);
    const script = await call(projects.POST, { method: "POST", cookie: A.cookie, body: { name: `Script ${Date.now()}` } });
    expect(script.status).toBe(201);
  });

  it("lets an API key write whatever Origin it sends: no browser holds it for a victim", async () => {
    const { key: token } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "ci", role: "member" });
    const res = await call(projects.POST, { method: "POST", cookie: `apikey:${token}`, body: { name: `Keyed ${Date.now()}` }, headers: { origin: "https://ci.example" } });
    expect(res.status).toBe(201);
  });
});

describe("bodies", () => {
  it("needs application/json on a JSON body (a form posts text/plain across sites without a preflight)", async () => {
    const raw = JSON.stringify({ name: `Plain ${Date.now()}` });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"]) {
      await refused(projects.POST, { method: "POST", rawBody: raw, headers: { "content-type": type } }, 415, "unsupported_media_type");
    }
    await refused(projects.POST, { method: "POST", rawBody: raw }, 415, "unsupported_media_type");
    const ok = await call(projects.POST, { method: "POST", cookie: A.cookie, rawBody: raw, headers: { "content-type": "application/json; charset=utf-8" } });
    expect(ok.status).toBe(201);
  });

  it("refuses a body over 1 MB with 413 before authenticating (declared length)", async () => {
    const big = JSON.stringify({ username: "x", password: "y".repeat(2 * 1024 * 1024) });
    const res = await call(login.POST, { method: "POST", rawBody: big, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: "payload_too_large", limit_bytes: 1024 * 1024 });
    // An unauthenticated write to a signed-in route gets 413, not 401: the ceiling comes first.
    const unsigned = await call(projects.POST, { method: "POST", rawBody: big, headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(413);
  });

  it("counts a streamed body without Content-Length while reading it and stops at the ceiling", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Up to 150 MB if nobody stops reading.
        if (sent >= 150 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const req = new NextRequest("http://localhost/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
    const res = await login.POST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });
});

describe("text with U+0000 and ids beyond int4", () => {
  const nul = "bad\u0000name";

  it("answers 400 for NUL in every kind of name, and in the audit actor", async () => {
    await refused(projects.POST, { method: "POST", body: { name: nul } }, 400, "bad_request");
    await refused(playbooks.POST, { method: "POST", body: { slug: `pb-${Date.now()}`, title: nul, body: "# x" } }, 400, "bad_request");
    await refused(campaigns.POST, { method: "POST", body: { projectId, name: nul, platform: "forum", skill: "forum-scout", runner: "cloud" } }, 400, "bad_request");
    await refused(endpoints.POST, { method: "POST", body: { url: "https://hooks.example/x", description: nul } }, 400, "bad_request");
    await refused(apiKeys.POST, { method: "POST", body: { name: nul } }, 400, "bad_request");
    await withEnv({ OUTREACH_EDITION: "cloud" }, () => refused(organizations.POST, { method: "POST", body: { name: nul } }, 400, "bad_request"));
    await refused(audit.GET, { path: `/api/audit?actor=${encodeURIComponent(nul)}` }, 400, "bad_request");
  });

  it("answers 400 for ids past 2^31-1 in route segments, cursors and afterSeq", async () => {
    const huge = "2147483648";
    await refused(apiKey.DELETE, { method: "DELETE", params: { id: huge } }, 400, "bad_request");
    await refused(tokens.DELETE, { method: "DELETE", params: { id: huge } }, 400, "bad_request");
    await refused(members.DELETE, { method: "DELETE", params: { id: "99999999999" } }, 400, "bad_request");
    await refused(members.PATCH, { method: "PATCH", params: { id: huge }, body: { role: "member" } }, 400, "bad_request");
    const run = await db.run.create({ data: { organizationId: A.orgId, kind: "campaign", runner: "cloud", status: "success" } });
    await refused(runEvents.GET, { params: { id: String(run.id) }, path: `/api/runs/${run.id}/events?afterSeq=${huge}` }, 400, "bad_request");
    await refused(audit.GET, { path: "/api/audit?cursor=1700000000000.000_draft_9999999999" }, 400, "bad_request");
  });
});

describe("the public MCP server", () => {
  it("refuses a JSON-RPC batch, so a hundred tool calls cannot ride on one rate-limit token", async () => {
    const { key: token } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "agent", role: "member" });
    const batch = Array.from({ length: 100 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "drafts_list", arguments: {} } }));
    const res = await call(publicMcp.POST, {
      method: "POST",
      rawBody: JSON.stringify(batch),
      headers: { authorization: `Bearer ${token}`, accept: "application/json, text/event-stream", "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
    expect(res.json.error.message).toMatch(/batch/i);
  });
});

describe("a relay's usage report", () => {
  const secret = "hardening-relay-report-secret-0123";

  it("answers 401, not 500, to a non-ASCII bearer as long as the secret in characters", async () => {
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_RELAY_REPORT_SECRET: secret }, async () => {
      const given = "é".repeat(secret.length);
      const res = await call(usage.POST, { method: "POST", headers: { authorization: `Bearer ${given}`, "content-type": "application/json" }, body: {} });
      expect(res.status).toBe(401);
      expect(res.json.error).toBe("unauthorized");
    });
  });

  it("checks the secret before the body: a caller without it learns nothing of the schema", async () => {
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_RELAY_REPORT_SECRET: secret }, async () => {
      const res = await call(usage.POST, { method: "POST", headers: { authorization: "Bearer wrong" }, body: { nonsense: true } });
      expect(res.status).toBe(401);
      // Nor how a relay is set up: no variable of the operator's in the answer.
      expect(res.json).toEqual({ error: "unauthorized", message: "This address takes usage reports from this service's relays only." });
    });
  });
});
