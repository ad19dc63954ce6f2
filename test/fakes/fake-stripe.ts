// A fake of the slice of Stripe the billing code uses, on a loopback port, for the real SDK to talk to
// (new Stripe(key, { host: "127.0.0.1", port, protocol: "http" })). It reads Stripe's form-encoded bracket notation,
// answers with Stripe's JSON shapes and error bodies (so the SDK raises its own error classes), serves stand-ins for
// the hosted pages a browser is sent to (Checkout, Customer Portal, invoice), and signs the webhook events it sends
// with the SDK's own signer, so the app's signature check runs for real.
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type FormValue = string | FormValue[] | FormParams;
export interface FormParams {
  [key: string]: FormValue;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The query string, brackets expanded (the SDK sends GET parameters here). */
  query: FormParams;
  /** The form body, brackets expanded; {} when there is none. */
  body: FormParams;
  idempotencyKey?: string;
}

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  /**
   * Known prices, by id: cents per unit, and whether usage is metered. When given, an unknown price is refused like
   * Stripe does; when omitted any price id is accepted, a line item with a quantity counting as licensed and one
   * without as metered.
   */
  prices?: Record<string, { unitAmount: number; metered?: boolean }>;
}

export interface FakePrice {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number | null;
  type: "recurring";
  recurring: { interval: "month"; interval_count: number; usage_type: "licensed" | "metered" };
  livemode: false;
}

export interface FakeCustomer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  balance: number;
  delinquent: boolean;
  livemode: false;
}

export interface FakeSubscriptionItem {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  price: FakePrice;
  quantity?: number;
  subscription: string;
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  status: string;
  customer: string;
  metadata: Record<string, string>;
  items: { object: "list"; data: FakeSubscriptionItem[]; has_more: false; total_count: number; url: string };
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  collection_method: "charge_automatically";
  currency: string;
  latest_invoice: string | null;
  livemode: false;
}

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  mode: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  subscription: string | null;
  invoice: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakePortalSession {
  id: string;
  object: "billing_portal.session";
  url: string;
  customer: string;
  return_url: string | null;
  configuration: string;
  created: number;
  livemode: false;
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  created: number;
  number: string;
  hosted_invoice_url: string;
  invoice_pdf: string;
  period_start: number;
  period_end: number;
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Record<string, string> } };
  livemode: false;
}

export interface FakeMeterEvent {
  object: "billing.meter_event";
  event_name: string;
  identifier: string;
  payload: Record<string, string>;
  timestamp: number;
  created: number;
  livemode: false;
}

export interface FakeEvent {
  id: string;
  object: "event";
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown };
}

export interface FakeDelivery {
  eventId: string;
  type: string;
  /** The receiver's HTTP status; 0 when it could not be reached. */
  status: number;
}

export interface FakeStripe {
  url: string;
  port: number;
  setWebhookUrl(url: string | null): void;
  requests(): FakeStripeRequest[];
  meterEvents(): FakeMeterEvent[];
  /** Every event raised, delivered or not (no webhook URL set). */
  events(): FakeEvent[];
  deliveries(): FakeDelivery[];
  /** Queue an error for the next API request (each call fails one more); not remembered for idempotent replay. */
  failNext(status: number, message?: string): void;
  getSubscription(id: string): FakeSubscription | undefined;
  /** Merges a change into a stored subscription and sends customer.subscription.updated, e.g. to fake a failed renewal. */
  updateSubscription(id: string, patch: Partial<Pick<FakeSubscription, "status" | "cancel_at_period_end" | "cancel_at" | "metadata">>): Promise<FakeSubscription>;
  /** What the portal's cancel button does: cancels at once and sends customer.subscription.deleted. */
  cancelSubscription(id: string): Promise<FakeSubscription>;
  /** Signs and POSTs an event to the webhook URL (after any delivery under way) and returns the receiver's answer. */
  sendEvent(type: string, object: unknown): Promise<{ status: number; body: string }>;
  /** Resolves once every event raised so far has been delivered (API-triggered ones are sent after the answer). */
  waitForDeliveries(): Promise<void>;
  close(): Promise<void>;
}

interface StripeErrorBody {
  type: "invalid_request_error" | "api_error" | "card_error" | "idempotency_error";
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

interface Answer {
  status: number;
  json: unknown;
}

const DAY = 86_400;
const PERIOD_SECONDS = 30 * DAY;
/** Stripe refuses meter events older than 35 days or more than 5 minutes ahead. */
const METER_MAX_AGE = 35 * DAY;
const METER_MAX_AHEAD = 300;
const DELIVERY_TIMEOUT_MS = 30_000;
const API_VERSION: string = Stripe.API_VERSION;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const nowSeconds = () => Math.floor(Date.now() / 1000);

function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

function withCode(type: StripeErrorBody["type"], message: string, code?: string, param?: string): StripeErrorBody {
  return {
    type,
    message,
    ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}` } : {}),
    ...(param ? { param } : {}),
  };
}

const missingParam = (param: string) => new ApiError(400, withCode("invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param));
const noSuch = (kind: string, id: string, param = "id") => new ApiError(404, withCode("invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param));
const invalid = (message: string, param?: string) => new ApiError(400, withCode("invalid_request_error", message, undefined, param));

/**
 * Expands Stripe's bracket notation (`line_items[0][price]=p`, `metadata[k]=v`) into nested objects and arrays. Numeric
 * or empty segments make arrays, as the SDK writes them.
 */
export function parseStripeForm(raw: string): FormParams {
  const root: FormParams = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const m = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(key);
    const segments = m ? [m[1]!, ...[...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((s) => s[1]!)] : [key];
    // A name like __proto__ from a request must not reach Object.prototype.
    if (segments.some((s) => s === "__proto__" || s === "constructor" || s === "prototype")) continue;
    let node: FormParams | FormValue[] = root;
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      const next = segments[i + 1];
      const container: FormParams | FormValue[] = node;
      let slot: string | number = seg;
      if (Array.isArray(container)) {
        slot = seg === "" ? container.length : Number(seg);
        if (!Number.isInteger(slot)) break;
      }
      const read = (): FormValue | undefined => (Array.isArray(container) ? container[slot as number] : container[slot as string]);
      const write = (v: FormValue) => {
        if (Array.isArray(container)) container[slot as number] = v;
        else container[slot as string] = v;
      };
      if (next === undefined) {
        write(value);
        break;
      }
      let child: FormValue | undefined = read();
      if (child === undefined || typeof child === "string") {
        child = next === "" || /^\d+$/.test(next) ? [] : {};
        write(child);
      }
      node = child;
    }
  }
  return root;
}

function str(params: FormParams, name: string): string | undefined {
  const v = params[name];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw invalid(`Invalid string: ${JSON.stringify(v)}`, name);
  return v;
}

function requiredStr(params: FormParams, name: string): string {
  const v = str(params, name);
  if (v === undefined || v === "") throw missingParam(name);
  return v;
}

function stringMap(params: FormParams, name: string): Record<string, string> {
  const v = params[name];
  if (v === undefined || v === "") return {};
  if (typeof v !== "object" || Array.isArray(v)) throw invalid(`Invalid object`, name);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== "string") throw invalid(`Invalid string: ${JSON.stringify(val)}`, `${name}[${k}]`);
    // Stripe reads an empty value as "unset this key".
    if (val !== "") out[k] = val;
  }
  return out;
}

function integer(params: FormParams, name: string): number | undefined {
  const v = str(params, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, name);
  return Number(v);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

function maskKey(key: string): string {
  if (key.length <= 12) return "*".repeat(key.length);
  return `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}`;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

interface LineItem {
  price: string;
  quantity?: number;
}

/** A Stripe Price as the API answers it: USD, monthly; a metered price counts the meter's seconds, per minute. */
function priceObject(id: string, p: { unitAmount: number; metered?: boolean }) {
  return {
    id,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: nowSeconds(),
    currency: "usd",
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: `prod_${id}`,
    recurring: { interval: "month", interval_count: 1, meter: p.metered ? "mtr_fake" : null, usage_type: p.metered ? "metered" : "licensed" },
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: p.metered ? { divide_by: 60, round: "up" } : null,
    type: "recurring",
    unit_amount: p.unitAmount,
    unit_amount_decimal: String(p.unitAmount),
  };
}

export async function startFakeStripe(opts: FakeStripeOptions): Promise<FakeStripe> {
  const catalog = opts.prices ?? null;
  let webhookUrl: string | null = opts.webhookUrl ?? null;
  let base = "";
  const recorded: FakeStripeRequest[] = [];
  const failures: { status: number; message?: string }[] = [];
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, { session: FakeCheckoutSession; lineItems: LineItem[]; subscriptionMetadata: Record<string, string> }>();
  const portals = new Map<string, FakePortalSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices: FakeInvoice[] = [];
  const meterEvents: FakeMeterEvent[] = [];
  const meterIdentifiers = new Set<string>();
  const events: FakeEvent[] = [];
  const deliveries: FakeDelivery[] = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const aborter = new AbortController();
  // One delivery at a time, in the order raised, like a single webhook endpoint sees them.
  let deliveryChain: Promise<unknown> = Promise.resolve();

  const price = (id: string, quantity: number | undefined): FakePrice => {
    const known = catalog?.[id];
    const metered = known ? Boolean(known.metered) : quantity === undefined;
    return {
      id,
      object: "price",
      active: true,
      currency: "usd",
      unit_amount: known ? known.unitAmount : null,
      type: "recurring",
      recurring: { interval: "month", interval_count: 1, usage_type: metered ? "metered" : "licensed" },
      livemode: false,
    };
  };

  const raiseEvent = (type: string, object: unknown): FakeEvent => {
    const event: FakeEvent = {
      id: randomId("evt_"),
      object: "event",
      type,
      api_version: API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      data: { object: clone(object) },
    };
    events.push(event);
    return event;
  };

  const deliver = (event: FakeEvent): Promise<{ status: number; body: string }> => {
    const run = async () => {
      const target = webhookUrl;
      if (!target) return { status: 0, body: "" };
      const payload = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
      let status = 0;
      let body = "";
      try {
        const res = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
          body: payload,
          signal: AbortSignal.any([aborter.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
        });
        status = res.status;
        body = await res.text();
      } catch (err) {
        body = (err as Error).message;
      }
      deliveries.push({ eventId: event.id, type: event.type, status });
      return { status, body };
    };
    const result = deliveryChain.then(run, run);
    deliveryChain = result;
    return result;
  };

  const customerOrThrow = (id: string, param: string) => {
    const c = customers.get(id);
    if (!c) throw noSuch("customer", id, param);
    return c;
  };

  const cancel = (sub: FakeSubscription): FakeSubscription => {
    const now = nowSeconds();
    sub.status = "canceled";
    sub.canceled_at = now;
    sub.ended_at = now;
    sub.cancel_at_period_end = false;
    return sub;
  };

  const createCustomer = (body: FormParams): FakeCustomer => {
    const customer: FakeCustomer = {
      id: randomId("cus_", 14),
      object: "customer",
      created: nowSeconds(),
      email: str(body, "email") ?? null,
      name: str(body, "name") ?? null,
      description: str(body, "description") ?? null,
      metadata: stringMap(body, "metadata"),
      balance: 0,
      delinquent: false,
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  };

  const createCheckoutSession = (body: FormParams): FakeCheckoutSession => {
    const mode = requiredStr(body, "mode");
    if (mode !== "subscription") throw invalid(`The fake Stripe only supports mode=subscription, not ${mode}.`, "mode");
    const customer = str(body, "customer") ?? null;
    if (customer) customerOrThrow(customer, "customer");
    const rawItems = body.line_items;
    if (rawItems === undefined) throw missingParam("line_items");
    if (!Array.isArray(rawItems) || rawItems.length === 0) throw invalid("Invalid array", "line_items");
    const lineItems: LineItem[] = rawItems.map((raw, i) => {
      if (typeof raw !== "object" || Array.isArray(raw)) throw invalid("Invalid object", `line_items[${i}]`);
      const id = str(raw, "price");
      if (!id) throw missingParam(`line_items[${i}][price]`);
      const quantity = integer(raw, "quantity");
      if (catalog) {
        const known = catalog[id];
        if (!known) throw noSuch("price", id, `line_items[${i}][price]`);
        if (known.metered && quantity !== undefined) throw invalid(`Quantity should not be specified where usage_type is \`metered\`. Remove quantity from \`line_items[${i}]\`.`, `line_items[${i}][quantity]`);
        if (!known.metered && quantity === undefined) throw invalid(`Quantity is required. Add \`quantity\` to \`line_items[${i}]\`.`, `line_items[${i}][quantity]`);
      }
      return { price: id, ...(quantity !== undefined ? { quantity } : {}) };
    });
    const subscriptionData = body.subscription_data;
    const subscriptionMetadata = subscriptionData && typeof subscriptionData === "object" && !Array.isArray(subscriptionData) ? stringMap(subscriptionData, "metadata") : {};
    const amount = lineItems.reduce((sum, li) => sum + (catalog?.[li.price]?.unitAmount ?? 0) * (li.quantity ?? 0), 0);
    const id = randomId("cs_test_a1", 48);
    const created = nowSeconds();
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      url: `${base}/checkout/${id}`,
      status: "open",
      payment_status: "unpaid",
      mode,
      customer,
      customer_email: str(body, "customer_email") ?? null,
      client_reference_id: str(body, "client_reference_id") ?? null,
      metadata: stringMap(body, "metadata"),
      success_url: str(body, "success_url") ?? null,
      cancel_url: str(body, "cancel_url") ?? null,
      subscription: null,
      invoice: null,
      currency: "usd",
      amount_subtotal: amount,
      amount_total: amount,
      created,
      expires_at: created + DAY,
      livemode: false,
    };
    sessions.set(id, { session, lineItems, subscriptionMetadata });
    return session;
  };

  /** The paid Checkout: a customer if there was none, the subscription, its first invoice, then the two events. */
  const completeCheckout = async (id: string): Promise<FakeCheckoutSession> => {
    const entry = sessions.get(id)!;
    const { session } = entry;
    const customer = session.customer ?? createCustomer(session.customer_email ? { email: session.customer_email } : {}).id;
    const now = nowSeconds();
    const subId = randomId("sub_");
    const items: FakeSubscriptionItem[] = entry.lineItems.map((li) => ({
      id: randomId("si_", 14),
      object: "subscription_item",
      created: now,
      current_period_start: now,
      current_period_end: now + PERIOD_SECONDS,
      metadata: {},
      price: price(li.price, li.quantity),
      ...(li.quantity !== undefined ? { quantity: li.quantity } : {}),
      subscription: subId,
    }));
    const invoiceId = randomId("in_");
    const sub: FakeSubscription = {
      id: subId,
      object: "subscription",
      status: "active",
      customer,
      metadata: { ...entry.subscriptionMetadata },
      items: { object: "list", data: items, has_more: false, total_count: items.length, url: `/v1/subscription_items?subscription=${subId}` },
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      billing_cycle_anchor: now,
      collection_method: "charge_automatically",
      currency: "usd",
      latest_invoice: invoiceId,
      livemode: false,
    };
    subscriptions.set(subId, sub);
    invoices.push({
      id: invoiceId,
      object: "invoice",
      customer,
      status: "paid",
      amount_due: session.amount_total,
      amount_paid: session.amount_total,
      amount_remaining: 0,
      currency: "usd",
      created: now,
      number: `FAKE-${String(invoices.length + 1).padStart(4, "0")}`,
      hosted_invoice_url: `${base}/invoice/${invoiceId}`,
      invoice_pdf: `${base}/invoice/${invoiceId}.pdf`,
      // A subscription's first invoice covers no past usage, so Stripe gives it an empty period at its creation.
      period_start: now,
      period_end: now,
      parent: { type: "subscription_details", subscription_details: { subscription: subId, metadata: { ...sub.metadata } } },
      livemode: false,
    });
    Object.assign(session, { customer, status: "complete", payment_status: "paid", subscription: subId, invoice: invoiceId, url: null });
    await deliver(raiseEvent("checkout.session.completed", session));
    await deliver(raiseEvent("customer.subscription.created", sub));
    return session;
  };

  const createMeterEvent = (body: FormParams): FakeMeterEvent => {
    const eventName = requiredStr(body, "event_name");
    if (body.payload === undefined) throw missingParam("payload");
    const payload = stringMap(body, "payload");
    if (!payload.stripe_customer_id) throw missingParam("payload[stripe_customer_id]");
    if (payload.value === undefined) throw missingParam("payload[value]");
    if (!/^-?\d+(\.\d+)?$/.test(payload.value)) throw invalid(`Invalid value: ${payload.value}. The value must be a number.`, "payload[value]");
    const now = nowSeconds();
    const timestamp = integer(body, "timestamp") ?? now;
    if (timestamp < now - METER_MAX_AGE || timestamp > now + METER_MAX_AHEAD) {
      throw invalid("Timestamp must be within the past 35 calendar days and no more than 5 minutes in the future.", "timestamp");
    }
    const identifier = str(body, "identifier") || randomId("", 32);
    if (meterIdentifiers.has(identifier)) {
      throw new ApiError(400, withCode("invalid_request_error", `An event already exists with identifier ${identifier}.`, "resource_already_exists", "identifier"));
    }
    meterIdentifiers.add(identifier);
    const event: FakeMeterEvent = { object: "billing.meter_event", event_name: eventName, identifier, payload, timestamp, created: now, livemode: false };
    meterEvents.push(event);
    return event;
  };

  const listInvoices = (query: FormParams) => {
    const customer = str(query, "customer");
    const subscription = str(query, "subscription");
    const status = str(query, "status");
    const limit = integer(query, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid integer: limit must be between 1 and 100.", "limit");
    const matching = invoices
      .filter((i) => (!customer || i.customer === customer) && (!subscription || i.parent.subscription_details.subscription === subscription) && (!status || i.status === status))
      .reverse();
    return { object: "list", data: matching.slice(0, limit), has_more: matching.length > limit, url: "/v1/invoices" };
  };

  /** Answers one authenticated /v1 request; `after` holds work Stripe does once the answer has gone out. */
  const api = (method: string, path: string, query: FormParams, body: FormParams, after: (() => void)[]): Answer => {
    // "/v1/customers/cus_1" reads as route "/customers/:id" with id "cus_1".
    const m = /^\/v1\/(customers|checkout\/sessions|subscriptions|invoices|prices)\/([^/]+)$/.exec(path);
    const id = m ? decodeURIComponent(m[2]!) : "";
    const route = `${method} ${m ? `/${m[1]}/:id` : path.slice(3)}`;
    switch (route) {
      case "POST /customers":
        return { status: 200, json: createCustomer(body) };
      case "GET /customers/:id":
        return { status: 200, json: customerOrThrow(id, "id") };
      case "POST /checkout/sessions":
        return { status: 200, json: createCheckoutSession(body) };
      case "GET /checkout/sessions/:id": {
        const entry = sessions.get(id);
        if (!entry) throw noSuch("checkout.session", id);
        return { status: 200, json: entry.session };
      }
      case "POST /billing_portal/sessions": {
        const customer = requiredStr(body, "customer");
        customerOrThrow(customer, "customer");
        const portalId = randomId("bps_");
        const portal: FakePortalSession = {
          id: portalId,
          object: "billing_portal.session",
          url: `${base}/portal/${portalId}`,
          customer,
          return_url: str(body, "return_url") ?? null,
          configuration: "bpc_fake",
          created: nowSeconds(),
          livemode: false,
        };
        portals.set(portalId, portal);
        return { status: 200, json: portal };
      }
      case "GET /subscriptions/:id": {
        const sub = subscriptions.get(id);
        if (!sub) throw noSuch("subscription", id);
        return { status: 200, json: sub };
      }
      case "DELETE /subscriptions/:id": {
        const sub = subscriptions.get(id);
        // Stripe treats a cancelled subscription as gone when asked to cancel it again.
        if (!sub || sub.status === "canceled") throw noSuch("subscription", id);
        cancel(sub);
        // Sent after the answer, as Stripe does: the caller may hold a lock its own webhook handler needs.
        const event = raiseEvent("customer.subscription.deleted", sub);
        after.push(() => void deliver(event));
        return { status: 200, json: sub };
      }
      case "GET /invoices":
        return { status: 200, json: listInvoices(query) };
      case "GET /prices/:id": {
        const known = catalog?.[id];
        if (!known) throw noSuch("price", id);
        return { status: 200, json: priceObject(id, known) };
      }
      case "GET /invoices/:id": {
        const invoice = invoices.find((i) => i.id === id);
        if (!invoice) throw noSuch("invoice", id);
        return { status: 200, json: invoice };
      }
      case "POST /billing/meter_events":
        return { status: 200, json: createMeterEvent(body) };
      default:
        throw new ApiError(404, withCode("invalid_request_error", `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`));
    }
  };

  const handleApi = (req: http.IncomingMessage, path: string, query: FormParams, body: FormParams, rawBody: string, after: (() => void)[]): Answer & { headers?: Record<string, string> } => {
    const auth = req.headers.authorization ?? "";
    const key = /^Bearer (.+)$/i.exec(auth)?.[1]?.trim();
    if (!key) {
      return {
        status: 401,
        json: { error: withCode("invalid_request_error", "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').") },
      };
    }
    if (key !== opts.secretKey) return { status: 401, json: { error: withCode("invalid_request_error", `Invalid API Key provided: ${maskKey(key)}`) } };

    const failure = failures.shift();
    if (failure) {
      const type: StripeErrorBody["type"] = failure.status >= 500 ? "api_error" : failure.status === 402 ? "card_error" : "invalid_request_error";
      const code = failure.status === 429 ? "rate_limit" : undefined;
      return { status: failure.status, json: { error: withCode(type, failure.message ?? `Fake Stripe failure (${failure.status}).`, code) } };
    }

    const method = req.method ?? "GET";
    const idemKey = method === "POST" ? (req.headers["idempotency-key"] as string | undefined) : undefined;
    const cacheKey = idemKey ? `${key}\n${idemKey}` : null;
    const fingerprint = `${method} ${path}\n${rawBody}`;
    if (cacheKey) {
      const seen = idempotent.get(cacheKey);
      if (seen && seen.fingerprint !== fingerprint) {
        return {
          status: 400,
          json: {
            error: withCode(
              "idempotency_error",
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
            ),
          },
        };
      }
      if (seen) return { ...seen.answer, headers: { "idempotent-replayed": "true" } };
    }
    let answer: Answer;
    try {
      answer = api(method, path, query, body, after);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      answer = { status: err.status, json: { error: err.body } };
    }
    // Only successes are remembered, so a retry after a refused request is judged afresh.
    if (cacheKey && answer.status < 300) idempotent.set(cacheKey, { fingerprint, answer: { status: answer.status, json: clone(answer.json) } });
    return answer;
  };

  type PageAnswer = { status: number; html?: string; location?: string; contentType?: string; text?: string };

  const checkoutPage = (id: string): PageAnswer => {
    const entry = sessions.get(id);
    if (!entry) return { status: 404, html: page("Not found", "<h1>This checkout session does not exist.</h1>") };
    const { session, lineItems } = entry;
    const prices = lineItems.map((li) => li.price).join(", ");
    if (session.status !== "open") return { status: 200, html: page("Fake Checkout", `<h1>${escapeHtml(prices)}</h1><p>This checkout session is ${escapeHtml(session.status)}.</p>`) };
    const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : "";
    const amount = session.amount_total ? `<p>Total today: ${(session.amount_total / 100).toFixed(2)} USD</p>` : "";
    return {
      status: 200,
      html: page(
        "Fake Checkout",
        `<h1>Subscribe to ${escapeHtml(prices)}</h1>${amount}<form method="post" action="/checkout/${encodeURIComponent(id)}/pay"><button type="submit">Pay and subscribe</button></form>${back}`,
      ),
    };
  };

  const pay = async (id: string): Promise<PageAnswer> => {
    const entry = sessions.get(id);
    if (!entry) return { status: 404, html: page("Not found", "<h1>This checkout session does not exist.</h1>") };
    if (entry.session.status !== "open") return { status: 409, html: page("Fake Checkout", `<p>This checkout session is ${escapeHtml(entry.session.status)}.</p>`) };
    const session = await completeCheckout(id);
    if (!session.success_url) return { status: 200, html: page("Fake Checkout", "<h1>Thanks for your payment.</h1>") };
    return { status: 303, location: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) };
  };

  const portalPage = (id: string): PageAnswer => {
    const portal = portals.get(id);
    if (!portal) return { status: 404, html: page("Not found", "<h1>This portal session does not exist.</h1>") };
    const subs = [...subscriptions.values()].filter((s) => s.customer === portal.customer);
    const rows = subs
      .map((s) => {
        const prices = s.items.data.map((i) => i.price.id).join(", ");
        const form =
          s.status === "canceled"
            ? ""
            : `<form method="post" action="/portal/${encodeURIComponent(id)}/cancel"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button type="submit">Cancel subscription</button></form>`;
        return `<li><span>${escapeHtml(prices)}</span> <strong>${escapeHtml(s.status)}</strong>${form}</li>`;
      })
      .join("");
    const list = subs.length ? `<ul>${rows}</ul>` : "<p>No subscriptions.</p>";
    const back = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return</a></p>` : "";
    return { status: 200, html: page("Fake Customer Portal", `<h1>Your subscriptions</h1>${list}${back}`) };
  };

  const portalCancel = async (id: string, form: FormParams): Promise<PageAnswer> => {
    const portal = portals.get(id);
    if (!portal) return { status: 404, html: page("Not found", "<h1>This portal session does not exist.</h1>") };
    const named = typeof form.subscription === "string" ? form.subscription : null;
    const live = [...subscriptions.values()].filter((s) => s.customer === portal.customer && s.status !== "canceled");
    const sub = named ? live.find((s) => s.id === named) : live.length === 1 ? live[0] : undefined;
    if (!sub) return { status: 400, html: page("Fake Customer Portal", "<p>No such active subscription for this customer.</p>") };
    cancel(sub);
    await deliver(raiseEvent("customer.subscription.deleted", sub));
    if (!portal.return_url) return portalPage(id);
    return { status: 303, location: portal.return_url };
  };

  const invoicePage = (id: string): PageAnswer => {
    const pdf = id.endsWith(".pdf");
    const invoice = invoices.find((i) => i.id === (pdf ? id.slice(0, -4) : id));
    if (!invoice) return { status: 404, html: page("Not found", "<h1>This invoice does not exist.</h1>") };
    if (pdf) return { status: 200, contentType: "application/pdf", text: `%PDF-1.4\n% Fake invoice ${invoice.number}\n%%EOF\n` };
    return {
      status: 200,
      html: page(`Invoice ${invoice.number}`, `<h1>Invoice ${escapeHtml(invoice.number)}</h1><p>Paid ${(invoice.amount_paid / 100).toFixed(2)} ${invoice.currency.toUpperCase()}</p>`),
    };
  };

  const hostedPage = async (method: string, path: string, form: FormParams): Promise<PageAnswer | null> => {
    const m = /^\/(checkout|portal|invoice)\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    if (!m) return null;
    const [, kind, rawId, action] = m;
    const id = decodeURIComponent(rawId!);
    if (kind === "checkout" && !action && method === "GET") return checkoutPage(id);
    if (kind === "checkout" && action === "pay" && method === "POST") return pay(id);
    if (kind === "portal" && !action && method === "GET") return portalPage(id);
    if (kind === "portal" && action === "cancel" && method === "POST") return portalCancel(id, form);
    if (kind === "invoice" && !action && method === "GET") return invoicePage(id);
    return null;
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake.local");
    const method = req.method ?? "GET";
    const query = parseStripeForm(url.search.slice(1));
    const body = rawBody ? parseStripeForm(rawBody) : {};
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    recorded.push({ method, path: url.pathname, query, body, ...(idempotencyKey ? { idempotencyKey } : {}) });
    const after: (() => void)[] = [];
    try {
      if (url.pathname.startsWith("/v1/")) {
        const answer = handleApi(req, url.pathname, query, body, rawBody, after);
        res.writeHead(answer.status, {
          "content-type": "application/json",
          "request-id": randomId("req_", 14),
          "stripe-version": (req.headers["stripe-version"] as string | undefined) ?? API_VERSION,
          ...answer.headers,
        });
        res.end(JSON.stringify(answer.json, null, 2));
      } else {
        const answer = await hostedPage(method, url.pathname, body);
        if (!answer) {
          res.writeHead(404, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: withCode("invalid_request_error", `Unrecognized request URL (${method}: ${url.pathname}).`) }));
        } else if (answer.location) {
          res.writeHead(answer.status, { location: answer.location });
          res.end();
        } else {
          res.writeHead(answer.status, { "content-type": answer.contentType ?? "text/html; charset=utf-8" });
          res.end(answer.html ?? answer.text ?? "");
        }
      }
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: withCode("api_error", `Fake Stripe crashed: ${(err as Error).message}`) }));
    }
    for (const task of after) task();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    port,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    requests: () => recorded.slice(),
    meterEvents: () => clone(meterEvents),
    events: () => clone(events),
    deliveries: () => deliveries.slice(),
    failNext: (status, message) => {
      failures.push({ status, message });
    },
    getSubscription: (id) => {
      const sub = subscriptions.get(id);
      return sub ? clone(sub) : undefined;
    },
    updateSubscription: async (id, patch) => {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`fake stripe: no subscription ${id}`);
      Object.assign(sub, clone(patch));
      await deliver(raiseEvent("customer.subscription.updated", sub));
      return clone(sub);
    },
    cancelSubscription: async (id) => {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`fake stripe: no subscription ${id}`);
      cancel(sub);
      await deliver(raiseEvent("customer.subscription.deleted", sub));
      return clone(sub);
    },
    sendEvent: (type, object) => {
      if (!webhookUrl) return Promise.reject(new Error("fake stripe: no webhook URL set"));
      return deliver(raiseEvent(type, object));
    },
    waitForDeliveries: async () => {
      // A delivery may be chained while an earlier one is awaited, so wait until the chain stops growing.
      let seen: Promise<unknown> | null = null;
      while (seen !== deliveryChain) {
        seen = deliveryChain;
        await seen;
      }
    },
    close: () =>
      new Promise((resolve) => {
        aborter.abort();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
