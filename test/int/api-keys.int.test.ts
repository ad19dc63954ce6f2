// API keys from a script's seat: made by an admin and shown once, stored hashed, working as `Authorization: Bearer`
// on the JSON routes; read-only keys cannot write; revoked and expired keys are 401; a key over its rate is 429 with
// Retry-After, on one bucket whichever instance answers; account routes refuse keys.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { INVALID_API_KEY } from "@/lib/api-keys/resolve-api-key-caller";
import * as apiKeys from "@/app/api/api-keys/route";
import * as apiKey from "@/app/api/api-keys/[id]/route";
import * as drafts from "@/app/api/drafts/route";
import * as draft from "@/app/api/drafts/[id]/route";
import * as billing from "@/app/api/billing/route";
import * as members from "@/app/api/members/route";
import { call } from "./http";
import { createDraftRow, createOrg, type OrgFixture } from "./fixtures";

let A: OrgFixture;
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  A = await createOrg();
});

afterEach(() => {
  delete process.env.OUTREACH_API_RATE_PER_MINUTE;
});

describe("API keys", () => {
  it("an admin creates a key that is shown once and stored only as a hash; the list shows its prefix, never the key", async () => {
    const made = await call(apiKeys.POST, { cookie: A.cookie, method: "POST", body: { name: "Nightly export", role: "read_only", expiresInDays: 30 } });
    expect(made.status).toBe(201);
    expect(made.json.key).toMatch(/^oak_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(made.json).toMatchObject({ name: "Nightly export", role: "read_only", state: "active", prefix: made.json.key.slice(0, 12), lastUsedAt: null });
    expect(new Date(made.json.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: made.json.id } });
    expect(JSON.stringify(row)).not.toContain(made.json.key);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await call(apiKeys.GET, { cookie: A.cookie });
    expect(list.json.apiKeys.map((k: { id: number }) => k.id)).toContain(made.json.id);
    expect(JSON.stringify(list.json)).not.toContain(made.json.key);

    // A member cannot see or make keys.
    const member = await createOrg({ role: "member" });
    expect((await call(apiKeys.GET, { cookie: member.cookie })).status).toBe(403);
  });

  it("a member key reads and writes its organization's drafts, and stamps when it was last used", async () => {
    const d = await createDraftRow(A.orgId, { body: "Hello from the key test" });
    const { key, id } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Reviewer bot", role: "member" });
    const list = await call(drafts.GET, bearer(key));
    expect(list.status).toBe(200);
    expect(list.json.drafts.map((x: { id: number }) => x.id)).toContain(d.id);
    const approved = await call(draft.PATCH, { ...bearer(key), method: "PATCH", params: { id: String(d.id) }, body: { state: "approved", version: 1 } });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ state: "approved", version: 2 });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt).not.toBeNull();
    // The audit trail names the key, not a person: its approval does not stand in for one.
    const event = await db.draftEvent.findFirstOrThrow({ where: { draftId: d.id, event: "approved" } });
    expect(event).toMatchObject({ actorType: "system", actorLabel: `API key ${key.slice(0, 12)}` });
  });

  it("a read-only key reads but gets 403 on writes, and nothing changes", async () => {
    const d = await createDraftRow(A.orgId);
    const { key } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Dashboard widget", role: "read_only" });
    expect((await call(draft.GET, { ...bearer(key), params: { id: String(d.id) } })).status).toBe(200);
    const refused = await call(draft.PATCH, { ...bearer(key), method: "PATCH", params: { id: String(d.id) }, body: { state: "approved" } });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: "forbidden", message: "This API key is read-only" });
    expect(await db.draft.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ state: "pending_review", version: 1 });
  });

  it("a revoked key, an expired key and a made-up key are 401", async () => {
    const revoked = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Old laptop", role: "member" });
    expect((await call(drafts.GET, bearer(revoked.key))).status).toBe(200);
    const res = await call(apiKey.DELETE, { cookie: A.cookie, method: "DELETE", params: { id: String(revoked.id) } });
    expect(res.json).toMatchObject({ id: revoked.id, state: "revoked" });
    const after = await call(drafts.GET, bearer(revoked.key));
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ error: "unauthorized", message: INVALID_API_KEY });

    const expired = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Trial", role: "member", expiresInDays: 1 });
    await db.apiKey.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const key of [expired.key, `oak_AAAAAAAA_${"x".repeat(43)}`, "oak_short"]) {
      const res = await call(drafts.GET, bearer(key));
      expect([res.status, res.json], key).toEqual([401, { error: "unauthorized", message: INVALID_API_KEY }]);
    }
  });

  it("a bearer token that is not shaped like a key is a refused key, not a request to sign in; no header at all is", async () => {
    const d = await createDraftRow(A.orgId);
    for (const token of ["sk_live_0123456789", "oak-typo_0123", A.cookie]) {
      const read = await call(drafts.GET, bearer(token));
      expect([read.status, read.json], token).toEqual([401, { error: "unauthorized", message: INVALID_API_KEY }]);
      const write = await call(draft.PATCH, { ...bearer(token), method: "PATCH", params: { id: String(d.id) }, body: { state: "approved" } });
      expect([write.status, write.json.message], token).toEqual([401, INVALID_API_KEY]);
    }
    expect(INVALID_API_KEY).toMatch(/^Invalid or revoked API key/);
    expect((await call(drafts.GET)).json).toEqual({ error: "unauthorized", message: "Sign in to continue" });
    expect(await db.draft.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ state: "pending_review", version: 1 });
  });

  it("account, billing and key routes refuse keys even when the key's role would do", async () => {
    const { key } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Script", role: "member" });
    for (const handler of [members.GET, billing.GET, apiKeys.GET]) {
      const res = await call(handler, bearer(key));
      expect(res.status).toBe(403);
      expect(res.json.message).toBe("API keys cannot be used on this route; sign in to the dashboard");
    }
  });

  it("a key over its rate gets 429 with Retry-After; the bucket is the key's, in the database, shared by concurrent requests", async () => {
    process.env.OUTREACH_API_RATE_PER_MINUTE = "5";
    const { key } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Busy script", role: "read_only" });
    const other = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Quiet script", role: "read_only" });
    const burst = await Promise.all(Array.from({ length: 8 }, () => call(drafts.GET, bearer(key))));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const limited = burst.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.json).toMatchObject({ error: "rate_limited" });
    // Another key of the same organization has its own bucket.
    expect((await call(drafts.GET, bearer(other.key))).status).toBe(200);
    // Tokens come back with time (5 a minute: one every 12 s); move the bucket's clock instead of waiting.
    await db.$executeRaw`UPDATE api_keys SET bucket_at = bucket_at - interval '13 seconds' WHERE prefix = ${key.slice(0, 12)}`;
    expect((await call(drafts.GET, bearer(key))).status).toBe(200);
    expect((await call(drafts.GET, bearer(key))).status).toBe(429);
  });

  it("bad input to the key routes is 400 and makes nothing", async () => {
    const before = await db.apiKey.count({ where: { organizationId: A.orgId } });
    for (const body of [{}, { name: "" }, { name: "x", role: "admin" }, { name: "x", expiresInDays: 0 }, { name: "x", extra: 1 }]) {
      const res = await call(apiKeys.POST, { cookie: A.cookie, method: "POST", body });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("bad_request");
    }
    expect((await call(apiKey.DELETE, { cookie: A.cookie, method: "DELETE", params: { id: "abc" } })).status).toBe(400);
    expect(await db.apiKey.count({ where: { organizationId: A.orgId } })).toBe(before);
  });
});
