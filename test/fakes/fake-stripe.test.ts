// The fake is only worth having if the real SDK cannot tell it from Stripe for the calls billing makes, so every test
// here goes through the SDK (or a browser-like fetch for the hosted pages) and checks what the app would rely on.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { parseStripeForm, startFakeStripe, type FakeStripe } from "./fake-stripe";

const SECRET_KEY = "sk_test_fake_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_fake_0123456789abcdef";
const PRICE_PRO = "price_pro_monthly";
const PRICE_USAGE = "price_usage_minutes";

interface Received {
  rawBody: string;
  signature: string;
}

/** A stand-in for the app's webhook route: keeps what arrives, answers with `status`. */
async function startReceiver(status = 200) {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    received.push({ rawBody: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["stripe-signature"] ?? "") });
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ received: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/billing/webhook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function client(fake: FakeStripe, key = SECRET_KEY, maxNetworkRetries = 0): Stripe {
  return new Stripe(key, { host: "127.0.0.1", port: fake.port, protocol: "http", maxNetworkRetries });
}

let fake: FakeStripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;

beforeEach(async () => {
  receiver = await startReceiver();
  fake = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    prices: { [PRICE_PRO]: { unitAmount: 2900 }, [PRICE_USAGE]: { unitAmount: 2, metered: true } },
  });
  stripe = client(fake);
});

afterEach(async () => {
  await fake.close();
  await receiver.close();
});

const verified = (r: Received) => stripe.webhooks.constructEvent(r.rawBody, r.signature, WEBHOOK_SECRET);

async function createSession(customer: string) {
  return stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: "42",
    line_items: [{ price: PRICE_PRO, quantity: 1 }, { price: PRICE_USAGE }],
    metadata: { organization_id: "42" },
    subscription_data: { metadata: { organization_id: "42" } },
    success_url: "http://app.local/settings/billing?checkout=success&session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.local/settings/billing?checkout=cancelled",
  });
}

async function subscribe(email = "owner@example.com") {
  const customer = await stripe.customers.create({ email, name: "Acme" });
  const session = await createSession(customer.id);
  const res = await fetch(`${fake.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
  const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  return { customer, session, res, subscriptionId };
}

describe("parseStripeForm", () => {
  it("expands the SDK's bracket notation into nested objects and arrays", () => {
    const parsed = parseStripeForm(
      "mode=subscription&line_items[0][price]=p1&line_items[0][quantity]=1&line_items[1][price]=p2&metadata[organizationId]=7&subscription_data[metadata][organizationId]=7&expand[]=a&expand[]=b&__proto__[x]=1",
    );
    expect(parsed).toEqual({
      mode: "subscription",
      line_items: [{ price: "p1", quantity: "1" }, { price: "p2" }],
      metadata: { organizationId: "7" },
      subscription_data: { metadata: { organizationId: "7" } },
      expand: ["a", "b"],
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("fake Stripe through the real SDK", () => {
  it("creates and retrieves customers, and reports an unknown one as missing", async () => {
    const customer = await stripe.customers.create({ email: "a@example.com", name: "Acme", metadata: { organization_id: "7" } });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer).toMatchObject({ object: "customer", email: "a@example.com", name: "Acme", metadata: { organization_id: "7" } });
    const sent = fake.requests().find((r) => r.method === "POST" && r.path === "/v1/customers");
    expect(sent?.body).toEqual({ email: "a@example.com", name: "Acme", metadata: { organization_id: "7" } });
    expect(sent?.idempotencyKey).toMatch(/^stripe-node-retry-/);

    const again = await stripe.customers.retrieve(customer.id);
    expect(again.id).toBe(customer.id);
    await expect(stripe.customers.retrieve("cus_nope")).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 404, code: "resource_missing" });
  });

  it("replays an idempotent POST and refuses the key with other parameters", async () => {
    const first = await stripe.customers.create({ name: "Org 1" }, { idempotencyKey: "customer-for-organization-1" });
    const second = await stripe.customers.create({ name: "Org 1" }, { idempotencyKey: "customer-for-organization-1" });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await expect(stripe.customers.create({ name: "Org 2" }, { idempotencyKey: "customer-for-organization-1" })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("creates a checkout session whose url serves a checkout page", async () => {
    const customer = await stripe.customers.create({ email: "b@example.com" });
    const session = await createSession(customer.id);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({ object: "checkout.session", status: "open", mode: "subscription", customer: customer.id, client_reference_id: "42", metadata: { organization_id: "42" } });
    expect(session.url).toBe(`${fake.url}/checkout/${session.id}`);
    expect(session.amount_total).toBe(2900);

    const body = fake.requests().find((r) => r.path === "/v1/checkout/sessions")!.body;
    expect(body.line_items).toEqual([{ price: PRICE_PRO, quantity: "1" }, { price: PRICE_USAGE }]);
    expect(body.subscription_data).toEqual({ metadata: { organization_id: "42" } });

    const pageRes = await fetch(session.url!);
    const html = await pageRes.text();
    expect(pageRes.status).toBe(200);
    expect(html).toContain("<title>Fake Checkout</title>");
    expect(html).toContain(PRICE_PRO);
    expect(html).toContain('<button type="submit">Pay and subscribe</button>');
    expect((await fetch(`${fake.url}/checkout/cs_test_unknown`)).status).toBe(404);
  });

  it("refuses a checkout session for an unknown customer or price, or a metered price with a quantity", async () => {
    const base = { mode: "subscription" as const, success_url: "http://app.local/ok" };
    await expect(stripe.checkout.sessions.create({ ...base, customer: "cus_nope", line_items: [{ price: PRICE_PRO, quantity: 1 }] })).rejects.toMatchObject({ code: "resource_missing", param: "customer" });
    await expect(stripe.checkout.sessions.create({ ...base, line_items: [{ price: "price_nope", quantity: 1 }] })).rejects.toMatchObject({ code: "resource_missing", param: "line_items[0][price]" });
    await expect(stripe.checkout.sessions.create({ ...base, line_items: [{ price: PRICE_USAGE, quantity: 1 }] })).rejects.toMatchObject({ statusCode: 400, param: "line_items[0][quantity]" });
  });

  it("pays: signed checkout.session.completed then customer.subscription.created, then a 303 to the success url", async () => {
    const { customer, session, res, subscriptionId } = await subscribe();
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`http://app.local/settings/billing?checkout=success&session=${session.id}`);

    expect(receiver.received).toHaveLength(2);
    const [completed, created] = receiver.received.map(verified);
    expect(completed!.type).toBe("checkout.session.completed");
    expect(completed!.api_version).toBe(Stripe.API_VERSION);
    const paidSession = completed!.data.object as Stripe.Checkout.Session;
    expect(paidSession).toMatchObject({ id: session.id, status: "complete", customer: customer.id, client_reference_id: "42", subscription: subscriptionId });
    expect(created!.type).toBe("customer.subscription.created");
    const sub = created!.data.object as Stripe.Subscription;
    expect(sub).toMatchObject({ id: subscriptionId, status: "active", customer: customer.id, metadata: { organization_id: "42" } });
    expect(sub.items.data.map((i) => i.price.id)).toEqual([PRICE_PRO, PRICE_USAGE]);

    expect(() => stripe.webhooks.constructEvent(receiver.received[0]!.rawBody, receiver.received[0]!.signature, "whsec_other")).toThrow();
    expect(fake.deliveries()).toEqual([
      { eventId: completed!.id, type: "checkout.session.completed", status: 200 },
      { eventId: created!.id, type: "customer.subscription.created", status: 200 },
    ]);
    const second = await fetch(`${fake.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
    expect(second.status).toBe(409);
  });

  it("retrieves the subscription with its period on the items", async () => {
    const { subscriptionId } = await subscribe();
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const item = sub.items.data[0]!;
    expect(sub.status).toBe("active");
    expect(Math.abs(item.current_period_start - Date.now() / 1000)).toBeLessThan(60);
    expect(item.current_period_end - item.current_period_start).toBe(30 * 86_400);
    expect(fake.getSubscription(subscriptionId)?.items.data[0]?.current_period_end).toBe(item.current_period_end);
    await expect(stripe.subscriptions.retrieve("x")).rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "resource_missing", message: "No such subscription: 'x'" });
  });

  it("accepts a meter event once and refuses its identifier again", async () => {
    const params = { event_name: "cloud_run_seconds", identifier: "run:1", timestamp: Math.floor(Date.now() / 1000) - 60, payload: { stripe_customer_id: "cus_1", value: "90" } };
    const event = await stripe.billing.meterEvents.create(params);
    expect(event).toMatchObject({ object: "billing.meter_event", event_name: "cloud_run_seconds", identifier: "run:1", payload: { stripe_customer_id: "cus_1", value: "90" }, timestamp: params.timestamp });
    expect(fake.requests().at(-1)?.body).toEqual({ event_name: "cloud_run_seconds", identifier: "run:1", timestamp: String(params.timestamp), payload: { stripe_customer_id: "cus_1", value: "90" } });

    const duplicate = stripe.billing.meterEvents.create(params);
    await expect(duplicate).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(duplicate).rejects.toMatchObject({ code: "resource_already_exists", statusCode: 400, message: "An event already exists with identifier run:1." });
    await expect(stripe.billing.meterEvents.create({ event_name: "cloud_run_seconds", payload: { stripe_customer_id: "cus_1" } })).rejects.toMatchObject({ code: "parameter_missing", param: "payload[value]" });
    expect(fake.meterEvents()).toHaveLength(1);
  });

  it("refuses a wrong API key", async () => {
    const wrong = client(fake, "sk_test_wrong_key_000000000000");
    const attempt = wrong.customers.create({ email: "c@example.com" });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 401, message: expect.stringMatching(/^Invalid API Key provided: sk_test_\**0000$/) });
    expect(fake.requests().filter((r) => r.path === "/v1/customers")).toHaveLength(1);
  });

  it("fails the next request on demand, and the SDK's retry gets through with the same idempotency key", async () => {
    fake.failNext(500, "Boom");
    await expect(stripe.customers.create({ email: "d@example.com" })).rejects.toMatchObject({ type: "StripeAPIError", statusCode: 500, message: "Boom" });
    await expect(stripe.customers.create({ email: "d@example.com" })).resolves.toMatchObject({ object: "customer" });

    fake.failNext(503);
    const retrying = client(fake, SECRET_KEY, 1);
    const customer = await retrying.customers.create({ email: "e@example.com" });
    expect(customer.email).toBe("e@example.com");
    const attempts = fake.requests().filter((r) => r.body.email === "e@example.com");
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.idempotencyKey).toBe(attempts[0]!.idempotencyKey);
  });

  it("cancels from the portal: customer.subscription.deleted is sent and the browser returns", async () => {
    const { customer, subscriptionId } = await subscribe();
    receiver.received.length = 0;
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.local/settings/billing" });
    expect(portal).toMatchObject({ object: "billing_portal.session", customer: customer.id, url: `${fake.url}/portal/${portal.id}` });

    const html = await (await fetch(portal.url)).text();
    expect(html).toContain("<title>Fake Customer Portal</title>");
    expect(html).toContain("Cancel subscription");
    const res = await fetch(`${portal.url}/cancel`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subscription: subscriptionId }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://app.local/settings/billing");
    expect(receiver.received.map((r) => verified(r).type)).toEqual(["customer.subscription.deleted"]);
    expect((verified(receiver.received[0]!).data.object as Stripe.Subscription).status).toBe("canceled");
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
    await expect(stripe.subscriptions.cancel(subscriptionId)).rejects.toMatchObject({ code: "resource_missing", message: `No such subscription: '${subscriptionId}'` });
  });

  it("cancels through the API and sends the event after answering", async () => {
    const { subscriptionId } = await subscribe();
    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled.status).toBe("canceled");
    await fake.waitForDeliveries();
    expect(fake.deliveries().at(-1)).toMatchObject({ type: "customer.subscription.deleted", status: 200 });
    expect(fake.requests().at(-1)).toMatchObject({ method: "DELETE", path: `/v1/subscriptions/${subscriptionId}` });
  });

  it("lists a customer's invoices, each with a hosted page", async () => {
    const { customer } = await subscribe("f@example.com");
    const other = await subscribe("g@example.com");
    const list = await stripe.invoices.list({ customer: customer.id, limit: 5 });
    expect(list).toMatchObject({ object: "list", has_more: false, url: "/v1/invoices" });
    expect(list.data).toHaveLength(1);
    const invoice = list.data[0]!;
    expect(invoice).toMatchObject({ object: "invoice", customer: customer.id, status: "paid", amount_paid: 2900, currency: "usd" });
    expect(invoice.number).toMatch(/^FAKE-\d{4}$/);
    expect(invoice.hosted_invoice_url).toBe(`${fake.url}/invoice/${invoice.id}`);
    expect((await fetch(invoice.hosted_invoice_url!)).status).toBe(200);
    expect(fake.requests().find((r) => r.path === "/v1/invoices")?.query).toEqual({ customer: customer.id, limit: "5" });
    const otherList = await stripe.invoices.list({ customer: other.customer.id });
    expect(otherList.data.map((i) => i.id)).not.toContain(invoice.id);
  });

  it("sends a hand-made signed event and answers 404 with Stripe's error shape for unknown routes", async () => {
    const sent = await fake.sendEvent("invoice.paid", { id: "in_manual", object: "invoice" });
    expect(sent.status).toBe(200);
    expect(verified(receiver.received.at(-1)!)).toMatchObject({ type: "invoice.paid", data: { object: { id: "in_manual" } } });

    const res = await fetch(`${fake.url}/v1/nothing_here`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringContaining("Unrecognized request URL") } });
  });
});
