// Billing in the cloud edition against the local fake Stripe (test/fakes/fake-stripe.ts), through the real SDK:
// Checkout to subscribe, the signed webhook flipping the plan (bad signatures and replays change nothing), the
// Customer Portal's cancel, invoices, the meter reports of finished cloud runs, and the allowance that refuses
// cloud runs of a Free organization whose minutes are spent.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { db } from "@/lib/db/client";
import { startFakeStripe, type FakeStripe } from "@/test/fakes/fake-stripe";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { reportMeteredUsage } from "@/lib/billing/report-metered-usage";
import { assertCloudAllowance } from "@/lib/billing/assert-cloud-allowance";
import { getFreeMinutesLeft } from "@/lib/billing/get-free-minutes-left";
import * as billing from "@/app/api/billing/route";
import * as checkout from "@/app/api/billing/checkout/route";
import * as portal from "@/app/api/billing/portal/route";
import * as webhook from "@/app/api/billing/webhook/route";
import * as invites from "@/app/api/invites/route";
import { call } from "./http";
import { createCampaignRow, createOrg, createProject, type OrgFixture } from "./fixtures";

const SECRET_KEY = "sk_test_billing_0000";
const WEBHOOK_SECRET = "whsec_billing_test_secret";
const PRICE_PRO = "price_pro_monthly";
const PRICE_USAGE = "price_pro_cloud_seconds";

let stripe: FakeStripe;
let receiver: http.Server;
const saved: Record<string, string | undefined> = {};
const ENV = {
  OUTREACH_EDITION: "cloud",
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_PRO: PRICE_PRO,
  STRIPE_PRICE_PRO_USAGE: PRICE_USAGE,
};

/** The app's webhook route behind a real HTTP port, so the fake delivers to it the way Stripe would. */
async function serveWebhook(): Promise<string> {
  receiver = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const out = await call(webhook.POST, { method: "POST", path: "/api/billing/webhook", rawBody: Buffer.concat(chunks).toString("utf8"), headers: { "stripe-signature": String(req.headers["stripe-signature"] ?? ""), "content-type": "application/json" } });
    res.writeHead(out.status, { "content-type": "application/json" }).end(JSON.stringify(out.json));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/billing/webhook`;
}

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: { [PRICE_PRO]: { unitAmount: 2900 }, [PRICE_USAGE]: { unitAmount: 2, metered: true } } });
  stripe.setWebhookUrl(await serveWebhook());
  for (const [k, v] of Object.entries({ ...ENV, STRIPE_API_BASE: stripe.url })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await stripe?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const org = (orgId: number) => db.organization.findUniqueOrThrow({ where: { id: orgId } });
const asOwner = (o: OrgFixture) => ({ cookie: o.cookie, method: "POST", headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" } });

/** Subscribes an organization through the fake Checkout: the route's URL, then the page's Pay button. */
async function subscribe(o: OrgFixture) {
  const started = await call(checkout.POST, asOwner(o));
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const url = new URL(started.json.url as string);
  const paid = await fetch(`${url.origin}${url.pathname}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  return { url, location: paid.headers.get("location") };
}

describe("subscribing", () => {
  it("Checkout makes the organization a customer, the webhook flips it to Pro with its period, and Billing shows it with the invoice", async () => {
    const A = await createOrg();
    const before = await call(billing.GET, { cookie: A.cookie });
    expect(before.json).toMatchObject({ enabled: true, plan: { slug: "free" }, paid: false, invoices: [], nextInvoiceAt: null });

    const { url, location } = await subscribe(A);
    expect(url.origin).toBe(stripe.url);
    expect(location).toBe("http://localhost/settings/billing?checkout=success");

    // The session asked for Pro and the metered price, named the organization, and the customer was made for it.
    const made = stripe.requests().find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.body.client_reference_id === String(A.orgId))!;
    expect(made.body).toMatchObject({ mode: "subscription", line_items: [{ price: PRICE_PRO, quantity: "1" }, { price: PRICE_USAGE }], subscription_data: { metadata: { organization_id: String(A.orgId) } } });
    const row = await org(A.orgId);
    expect(row.stripeCustomerId).toBe(made.body.customer);

    expect(row).toMatchObject({ plan: "pro", subscriptionStatus: "active" });
    expect(row.stripeSubscriptionId).toMatch(/^sub_/);
    const sub = stripe.getSubscription(row.stripeSubscriptionId!)!;
    expect(row.currentPeriodEnd!.getTime() / 1000).toBe(sub.items.data[0]!.current_period_end);
    // Both events were handled and recorded against the organization.
    expect((await db.stripeEvent.findMany({ where: { organizationId: A.orgId } })).map((e) => e.type).sort()).toEqual(["checkout.session.completed", "customer.subscription.created"]);

    const after = await call(billing.GET, { cookie: A.cookie });
    expect(after.json).toMatchObject({ plan: { slug: "pro" }, paid: true, subscriptionStatus: "active", usage: { includedMinutes: 2000 } });
    // What Stripe will charge, read from the configured prices; the next invoice at the end of the period.
    expect(after.json.prices).toEqual({ pro: { amount: 2900, currency: "usd", interval: "month" }, overagePerMinute: { amount: 2, currency: "usd" } });
    expect(after.json.nextInvoiceAt).toBe(row.currentPeriodEnd!.toISOString());
    expect(after.json.invoices).toHaveLength(1);
    expect(after.json.invoices[0]).toMatchObject({ status: "paid", amountPaid: 2900, currency: "usd" });
    expect(after.json.invoices[0].url).toMatch(new RegExp(`^${stripe.url}/invoice/in_`));

    // A second Checkout while on Pro is refused: the Portal manages an existing subscription.
    expect((await call(checkout.POST, asOwner(A))).status).toBe(409);
  });

  it("the Customer Portal's cancel sends the organization back to Free", async () => {
    const A = await createOrg();
    await subscribe(A);
    const res = await call(portal.POST, asOwner(A));
    expect(res.status).toBe(200);
    const page = new URL(res.json.url as string);
    const cancelled = await fetch(`${page.origin}${page.pathname}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("http://localhost/settings/billing");
    expect(await org(A.orgId)).toMatchObject({ plan: "free", subscriptionStatus: "canceled", stripeSubscriptionId: null, currentPeriodEnd: null });
  });

  it("Checkout and the Portal are for owners; a cross-site request is refused; the Portal needs a customer", async () => {
    const A = await createOrg();
    const admin = await createOrg({ role: "admin" });
    expect((await call(checkout.POST, asOwner(admin))).status).toBe(403);
    const crossSite = await call(checkout.POST, { cookie: A.cookie, method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect((await org(A.orgId)).stripeCustomerId).toBeNull();
    const noCustomer = await call(portal.POST, asOwner(A));
    expect(noCustomer.status).toBe(409);
  });

  it("Stripe being down answers 503 and leaves the organization as it was", async () => {
    const A = await createOrg();
    // The client retries twice: fail all three tries.
    stripe.failNext(500);
    stripe.failNext(500);
    stripe.failNext(500);
    const res = await call(checkout.POST, asOwner(A));
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ error: "unavailable" });
    expect(res.json.message).toContain("failed at Stripe");
    expect(await org(A.orgId)).toMatchObject({ plan: "free", stripeCustomerId: null });
  });
});

describe("the webhook", () => {
  const sign = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const post = (payload: string, signature: string | null) =>
    call(webhook.POST, { method: "POST", rawBody: payload, headers: { "content-type": "application/json", ...(signature === null ? {} : { "stripe-signature": signature }) } });

  it("a bad, missing or stale signature is 400 and writes nothing", async () => {
    const A = await createOrg();
    const payload = JSON.stringify({ id: "evt_forged_1", object: "event", type: "checkout.session.completed", data: { object: { id: "cs_x", object: "checkout.session", client_reference_id: String(A.orgId), customer: "cus_forged" } } });
    const eventsBefore = await db.stripeEvent.count();
    for (const signature of [sign(payload, "whsec_someone_else"), null, "t=1,v1=deadbeef", sign(payload.replace("cus_forged", "cus_other"))]) {
      const res = await post(payload, signature);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: "bad_request" });
    }
    expect(await db.stripeEvent.count()).toBe(eventsBefore);
    expect((await org(A.orgId)).stripeCustomerId).toBeNull();
  });

  it("replaying an event changes nothing the second time, even when Stripe's state moved on since", async () => {
    const A = await createOrg();
    await subscribe(A);
    const created = stripe.events().find((e) => e.type === "customer.subscription.created" && (e.data.object as { metadata: Record<string, string> }).metadata.organization_id === String(A.orgId))!;
    const subId = (created.data.object as { id: string }).id;

    // Stripe cancels without telling us (the delivery is lost), then the old event is delivered again.
    stripe.setWebhookUrl(null);
    try {
      await stripe.cancelSubscription(subId);
      await stripe.waitForDeliveries();
    } finally {
      stripe.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/billing/webhook`);
    }
    const eventsBefore = await db.stripeEvent.count();
    const payload = JSON.stringify(created);
    const again = await post(payload, sign(payload));
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ received: true, duplicate: true });
    // Had the replay been handled, reading the subscription back would have put the organization on Free.
    expect(await org(A.orgId)).toMatchObject({ plan: "pro", subscriptionStatus: "active" });
    expect(await db.stripeEvent.count()).toBe(eventsBefore);
  });

  it("two deliveries of one event at once are handled once", async () => {
    const A = await createOrg();
    await subscribe(A);
    const sub = (await org(A.orgId)).stripeSubscriptionId!;
    stripe.setWebhookUrl(null);
    try {
      await stripe.updateSubscription(sub, { status: "past_due" });
      await stripe.waitForDeliveries();
    } finally {
      stripe.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/billing/webhook`);
    }
    const updated = stripe.events().filter((e) => e.type === "customer.subscription.updated").at(-1)!;
    const payload = JSON.stringify(updated);
    const both = await Promise.all([post(payload, sign(payload)), post(payload, sign(payload))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.json.duplicate).sort()).toEqual([false, true]);
    expect(await db.stripeEvent.count({ where: { id: updated.id } })).toBe(1);
    // past_due keeps the paid plan while Stripe retries the card.
    expect(await org(A.orgId)).toMatchObject({ plan: "pro", subscriptionStatus: "past_due" });
  });

  it("an event for a customer that is nobody here is acknowledged and recorded without an organization", async () => {
    const ev = await stripe.sendEvent("customer.created", { id: "cus_unknown_elsewhere", object: "customer" });
    expect(ev.status).toBe(200);
    expect(JSON.parse(ev.body)).toMatchObject({ received: true, duplicate: false, type: "customer.created" });
  });
});

describe("what a Free organization has left", () => {
  it("counts minutes left this month, near the limit from 80%, none once spent; a paid plan is not limited", async () => {
    const A = await createOrg();
    const used = (seconds: number) => db.meteredUsage.create({ data: { organizationId: A.orgId, sourceKey: `left-${A.orgId}-${seconds}-${Date.now()}`, seconds, occurredAt: new Date() } });
    expect(await getFreeMinutesLeft({ orgId: A.orgId })).toMatchObject({ usedMinutes: 0, includedMinutes: 60, leftMinutes: 60, exhausted: false, nearLimit: false });
    await used(47 * 60 + 30);
    expect(await getFreeMinutesLeft({ orgId: A.orgId })).toMatchObject({ usedMinutes: 48, leftMinutes: 12, nearLimit: false });
    await used(60);
    expect(await getFreeMinutesLeft({ orgId: A.orgId })).toMatchObject({ leftMinutes: 11, nearLimit: true, exhausted: false });
    await used(11 * 60 + 30);
    expect(await getFreeMinutesLeft({ orgId: A.orgId })).toMatchObject({ usedMinutes: 60, leftMinutes: 0, exhausted: true });
    await subscribe(A);
    expect(await getFreeMinutesLeft({ orgId: A.orgId })).toBeNull();
  });
});

describe("metering cloud runs", () => {
  let A: OrgFixture;
  let campaignId: number;
  let projectId: number;
  beforeEach(async () => {
    A = await createOrg();
    const project = await createProject(A.orgId);
    projectId = project.id;
    campaignId = (await createCampaignRow(A.orgId, project.id)).id;
  });

  /** A cloud run that ran `seconds` and is committed the way the dispatcher commits it. */
  async function finishedCloudRun(seconds: number, runner = "cloud") {
    const startedAt = new Date(Date.now() - seconds * 1000);
    const run = await db.run.create({ data: { organizationId: A.orgId, campaignId, projectId, kind: "campaign", runner, status: "running", startedAt } });
    expect(await commitRunTerminal(null, { orgId: A.orgId, runId: run.id, status: "success" })).toBe(true);
    return run.id;
  }

  it("a finished cloud run is reported to the meter once, with the run as its identifier; local runs are not metered", async () => {
    await subscribe(A);
    const customer = (await org(A.orgId)).stripeCustomerId!;
    const runId = await finishedCloudRun(90);
    await finishedCloudRun(40, "claude-code");
    const rows = await db.meteredUsage.findMany({ where: { organizationId: A.orgId } });
    expect(rows.map((r) => [r.sourceKey, r.status])).toEqual([[`run:${runId}`, "pending"]]);
    expect(rows[0]!.seconds).toBeGreaterThanOrEqual(90);

    expect(await reportMeteredUsage({ orgIds: [A.orgId] })).toEqual({ reported: 1, skipped: 0, failed: 0 });
    const sent = stripe.meterEvents().filter((e) => e.identifier === `run:${runId}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ event_name: "cloud_run_seconds", payload: { stripe_customer_id: customer, value: String(rows[0]!.seconds) } });
    expect(await db.meteredUsage.findFirstOrThrow({ where: { sourceKey: `run:${runId}` } })).toMatchObject({ status: "reported", lastError: null });

    // Nothing left to report; and a report that reached Stripe but was not recorded here counts as done.
    expect(await reportMeteredUsage({ orgIds: [A.orgId] })).toEqual({ reported: 0, skipped: 0, failed: 0 });
    await db.meteredUsage.updateMany({ where: { sourceKey: `run:${runId}` }, data: { status: "pending", reportedAt: null, nextAttemptAt: new Date(0) } });
    expect(await reportMeteredUsage({ orgIds: [A.orgId] })).toEqual({ reported: 1, skipped: 0, failed: 0 });
    expect(stripe.meterEvents().filter((e) => e.identifier === `run:${runId}`)).toHaveLength(1);
  });

  it("a failed report stays pending with the error and a later attempt time; Free organizations without a customer are skipped", async () => {
    await subscribe(A);
    const runId = await finishedCloudRun(30);
    for (let i = 0; i < 3; i++) stripe.failNext(500, "meter is down");
    const at = new Date();
    expect(await reportMeteredUsage({ orgIds: [A.orgId], now: at })).toEqual({ reported: 0, skipped: 0, failed: 1 });
    const row = await db.meteredUsage.findFirstOrThrow({ where: { sourceKey: `run:${runId}` } });
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toContain("meter is down");
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(at.getTime());
    // Not due yet: the next pass leaves it alone; once due, it goes.
    expect(await reportMeteredUsage({ orgIds: [A.orgId], now: at })).toEqual({ reported: 0, skipped: 0, failed: 0 });
    expect(await reportMeteredUsage({ orgIds: [A.orgId], now: new Date(at.getTime() + 5 * 60_000) })).toEqual({ reported: 1, skipped: 0, failed: 0 });

    const B = await createOrg();
    const bProject = await createProject(B.orgId);
    const bCampaign = await createCampaignRow(B.orgId, bProject.id);
    const run = await db.run.create({ data: { organizationId: B.orgId, campaignId: bCampaign.id, projectId: bProject.id, kind: "campaign", runner: "cloud", status: "running", startedAt: new Date(Date.now() - 5000) } });
    await commitRunTerminal(null, { orgId: B.orgId, runId: run.id, status: "failed", failureReason: "network" });
    expect(await reportMeteredUsage({ orgIds: [B.orgId] })).toEqual({ reported: 0, skipped: 1, failed: 0 });
    expect(stripe.meterEvents().some((e) => e.identifier === `run:${run.id}`)).toBe(false);
  });

  it("a Free organization over its minutes gets cloud runs refused with 402 and where to upgrade; Pro is not refused", async () => {
    await db.meteredUsage.create({ data: { organizationId: A.orgId, sourceKey: `test:${A.orgId}:hour`, seconds: 3600, occurredAt: new Date(), status: "skipped" } });
    const refused = await assertCloudAllowance({ orgId: A.orgId }).then(() => null, (e: unknown) => e as { code: string; message: string; details: Record<string, unknown> });
    expect(refused).toMatchObject({ code: "plan_limit", details: { upgradeUrl: "/settings/billing", usedMinutes: 60, includedMinutes: 60 } });
    expect(refused!.message).toContain("used the 60 cloud-runner minutes");

    const shown = await call(billing.GET, { cookie: A.cookie });
    expect(shown.json.usage).toEqual({ usedMinutes: 60, includedMinutes: 60, exhausted: true });

    await subscribe(A);
    await expect(assertCloudAllowance({ orgId: A.orgId })).resolves.toBeUndefined();
  });

  it("seats: with billing on, members and pending invitations stay within the plan (Free: 3)", async () => {
    const asAdmin = { cookie: A.cookie, method: "POST", body: { role: "member" } };
    expect((await call(invites.POST, asAdmin)).status).toBe(201);
    expect((await call(invites.POST, asAdmin)).status).toBe(201);
    const over = await call(invites.POST, asAdmin);
    expect(over.status).toBe(402);
    expect(over.json).toMatchObject({ error: "plan_limit", upgradeUrl: "/settings/billing" });
    expect(await db.invite.count({ where: { organizationId: A.orgId } })).toBe(2);
  });
});
