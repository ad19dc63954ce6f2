// What one organization may ask of the webhook sender (lib/webhooks/webhook-limits.ts): a few endpoints, even when
// created in parallel, and an hourly allowance of deliveries started by hand (test events, replays, retries) shared
// by all three, counted per organization.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createOrg } from "./fixtures";
import { MANUAL_SENDS_PER_HOUR, MAX_ENDPOINTS_PER_ORGANIZATION } from "@/lib/webhooks/webhook-limits";
import * as endpoints from "@/app/api/webhooks/endpoints/route";
import * as testEvent from "@/app/api/webhooks/endpoints/[id]/test/route";
import * as replay from "@/app/api/webhooks/deliveries/[id]/replay/route";
import * as retry from "@/app/api/webhooks/deliveries/[id]/retry/route";

describe("webhook limits", () => {
  it(`keeps an organization to ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints, even when they are created at once`, async () => {
    const A = await createOrg();
    const tries = await Promise.all(
      Array.from({ length: MAX_ENDPOINTS_PER_ORGANIZATION + 3 }, (_, i) => call(endpoints.POST, { method: "POST", cookie: A.cookie, body: { url: `https://hooks.example/${i}` } })),
    );
    expect(tries.filter((r) => r.status === 201).length).toBe(MAX_ENDPOINTS_PER_ORGANIZATION);
    const refused = tries.filter((r) => r.status === 409);
    expect(refused.length).toBe(3);
    expect(refused[0]!.json.message).toMatch(new RegExp(`up to ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`));
    expect(await db.webhookEndpoint.count({ where: { organizationId: A.orgId } })).toBe(MAX_ENDPOINTS_PER_ORGANIZATION);
  });

  it("shares one hourly allowance between test events, replays and retries, per organization", async () => {
    const A = await createOrg();
    const B = await createOrg();
    const made = await call(endpoints.POST, { method: "POST", cookie: A.cookie, body: { url: "https://hooks.example/a" } });
    const endpointId = String(made.json.endpoint.id);
    const first = await call(testEvent.POST, { method: "POST", cookie: A.cookie, params: { id: endpointId } });
    expect(first.status).toBe(202);
    const deliveryId = String(first.json.deliveryId);
    await db.webhookDelivery.update({ where: { id: Number(deliveryId) }, data: { status: "dead" } });
    expect((await call(retry.POST, { method: "POST", cookie: A.cookie, params: { id: deliveryId } })).status).toBe(200);
    expect((await call(replay.POST, { method: "POST", cookie: A.cookie, params: { id: deliveryId } })).status).toBe(201);
    for (let i = 3; i < MANUAL_SENDS_PER_HOUR; i++) {
      expect((await call(testEvent.POST, { method: "POST", cookie: A.cookie, params: { id: endpointId } })).status).toBe(202);
    }
    const deliveries = await db.webhookDelivery.count({ where: { organizationId: A.orgId } });
    const over = await call(testEvent.POST, { method: "POST", cookie: A.cookie, params: { id: endpointId } });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(replay.POST, { method: "POST", cookie: A.cookie, params: { id: deliveryId } })).status).toBe(429);
    expect(await db.webhookDelivery.count({ where: { organizationId: A.orgId } })).toBe(deliveries);

    // Another organization's allowance is its own.
    const theirs = await call(endpoints.POST, { method: "POST", cookie: B.cookie, body: { url: "https://hooks.example/b" } });
    expect((await call(testEvent.POST, { method: "POST", cookie: B.cookie, params: { id: String(theirs.json.endpoint.id) } })).status).toBe(202);
  });
});
