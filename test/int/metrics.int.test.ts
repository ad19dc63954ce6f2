// The Prometheus metrics as a scraper reads them, after traffic: HTTP requests by route pattern and status (a real
// HTTP server whose requests go through Node's announcements, as under `next start`), the figures read from the
// database at scrape time (on a database of this file's own, so the counts are exactly the rows made here), the
// per-instance gauges and counters (pool, streams, mail), the metrics port, and GET /api/metrics behind its token.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWorkerUtils } from "graphile-worker";
import * as metricsRoute from "@/app/api/metrics/route";
import { db } from "@/lib/db/client";
import { sendMail } from "@/lib/mail/send-mail";
import { installHttpMetrics } from "@/lib/metrics/install-http-metrics";
import { routeMatcherFromManifest } from "@/lib/metrics/route-pattern";
import { serveMetricsPort } from "@/lib/metrics/serve-metrics-port";
import { startEventStream } from "@/lib/events/event-stream-session";
import { call } from "./http";
import { createDraftRow, createOrg, type OrgFixture } from "./fixtures";
import { useOwnDatabase } from "./own-database";
import { withEnv } from "./org-fixtures";
import { MAIL_FROM, PUBLIC_URL, startMailSink } from "./mail-sink";

const ownDatabase = useOwnDatabase("metrics");
const TOKEN = "metrics-token-of-the-operator-0123";

let app: http.Server;
let appBase: string;
let metricsServer: http.Server;
let metricsBase: string;
let A: OrgFixture;

/** The value of one series in the text format, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name + "{") && !line.startsWith(name + " ")) continue;
    const labelText = line.startsWith(name + "{") ? line.slice(name.length + 1, line.indexOf("}")) : "";
    const found = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length) {
      return Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return undefined;
}

const scrape = async () => {
  const res = await fetch(`${metricsBase}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

beforeAll(async () => {
  A = await createOrg();
  // Counts every request of every HTTP server in this process from here on, with routes named as a build's manifest
  // names them.
  installHttpMetrics({
    matcher: routeMatcherFromManifest({
      staticRoutes: [{ page: "/inbox", regex: "^/inbox(?:/)?$" }, { page: "/_not-found", regex: "^/_not-found(?:/)?$" }],
      dynamicRoutes: [{ page: "/api/drafts/[id]", regex: "^/api/drafts/([^/]+?)(?:/)?$" }],
    }),
  });
  app = http.createServer((req, res) => {
    if (req.url?.startsWith("/api/drafts/")) res.writeHead(req.method === "PATCH" ? 409 : 200).end("{}");
    else if (req.url?.split("?")[0] === "/inbox") res.writeHead(200).end("<html></html>");
    else {
      // Next rewrites the URL of a request it cannot route while it renders its not-found page.
      req.url = "/_not-found";
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => app.listen(0, "127.0.0.1", r));
  appBase = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  metricsServer = await serveMetricsPort({ port: 0, host: "127.0.0.1" });
  metricsBase = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => app.close(r));
  await new Promise((r) => metricsServer.close(r));
});

describe("metrics", () => {
  it("count HTTP requests by route pattern, method and status, with latencies", async () => {
    const before = await scrape();
    const count = (text: string, labels: Record<string, string>) => sample(text, "outreach_http_requests_total", labels) ?? 0;
    for (const id of [11, 12, 13]) expect((await fetch(`${appBase}/api/drafts/${id}`)).status).toBe(200);
    expect((await fetch(`${appBase}/api/drafts/14`, { method: "PATCH" })).status).toBe(409);
    expect((await fetch(`${appBase}/inbox?tab=sent`)).status).toBe(200);
    for (const guess of ["/wp-admin", "/.env", "/api/drafts/1/../../etc"]) await fetch(`${appBase}${guess}`);
    const after = await scrape();
    expect(count(after, { route: "/api/drafts/[id]", method: "GET", status: "200" }) - count(before, { route: "/api/drafts/[id]", method: "GET", status: "200" })).toBe(3);
    expect(count(after, { route: "/api/drafts/[id]", method: "PATCH", status: "409" }) - count(before, { route: "/api/drafts/[id]", method: "PATCH", status: "409" })).toBe(1);
    expect(count(after, { route: "/inbox", method: "GET", status: "200" }) - count(before, { route: "/inbox", method: "GET", status: "200" })).toBe(1);
    // Paths that match no route are one series, whatever strangers try.
    expect(count(after, { route: "unmatched", method: "GET", status: "404" }) - count(before, { route: "unmatched", method: "GET", status: "404" })).toBe(3);
    expect(after).not.toContain("wp-admin");
    expect(after).not.toMatch(/drafts\/1[1-4]/);
    const latencies = sample(after, "outreach_http_request_duration_seconds_count", { route: "/api/drafts/[id]", method: "GET" })!;
    expect(latencies - (sample(before, "outreach_http_request_duration_seconds_count", { route: "/api/drafts/[id]", method: "GET" }) ?? 0)).toBe(3);
    expect(sample(after, "outreach_http_request_duration_seconds_bucket", { route: "/api/drafts/[id]", method: "GET", le: "+Inf" })).toBe(latencies);
  });

  it("read the service's queue, runs, deliveries and held sends from the database when scraped", async () => {
    const { url } = ownDatabase();
    const utils = await makeWorkerUtils({ connectionString: url });
    try {
      await utils.migrate();
      const oneMinuteAgo = new Date(Date.now() - 60_000);
      await utils.addJob("webhooks.deliver-due", {}, { runAt: oneMinuteAgo });
      await utils.addJob("webhooks.deliver-due", {}, { runAt: new Date(Date.now() + 3_600_000) });
      await utils.addJob("campaigns.tick", {}, { runAt: new Date() });
    } finally {
      await utils.release();
    }
    const run = (status: "running" | "success" | "failed", failureReason?: string) =>
      db.run.create({ data: { organizationId: A.orgId, kind: "campaign", runner: "cloud", status, failureReason } });
    await Promise.all([run("running"), run("success"), run("success"), run("failed", "network"), run("failed", "network"), run("failed", "auth_expired")]);
    const endpoint = await db.webhookEndpoint.create({
      data: { organizationId: A.orgId, url: "https://hooks.example/x", webhookId: "wh_metrics", secretCiphertext: new Uint8Array(8), secretKeyId: "k", secretPrefix: "whsec_ab" },
    });
    const delivery = (status: "pending" | "delivered" | "dead") =>
      db.webhookDelivery.create({ data: { organizationId: A.orgId, endpointId: endpoint.id, webhookId: "wh_metrics", eventType: "run.success", messageId: `msg_${status}_${Math.random()}`, status, payload: {} } });
    await Promise.all([delivery("pending"), delivery("pending"), delivery("dead"), delivery("delivered")]);
    // Two approved drafts held at send, one approved and free to go, one held once and since sent.
    const drafts = await Promise.all((["approved", "armed", "approved", "sent"] as const).map((state) => createDraftRow(A.orgId, { state })));
    for (const d of [drafts[0], drafts[1], drafts[3]]) await db.draft.update({ where: { id: d!.id }, data: { heldReason: "The account's daily cap is reached", heldUntil: new Date(Date.now() + 3_600_000) } });

    // Gauges read from the database are kept for a second between scrapes (lib/metrics/database-gauges.ts): an
    // earlier test's scrape may still be the answer, so the rows above show once that second has passed.
    let text = "";
    await expect
      .poll(async () => {
        text = await scrape();
        return sample(text, "outreach_job_queue_depth", { task: "webhooks.deliver-due" });
      })
      .toBe(2);
    expect(sample(text, "outreach_job_queue_depth", { task: "campaigns.tick" })).toBe(1);
    const oldest = sample(text, "outreach_job_queue_oldest_age_seconds", { task: "webhooks.deliver-due" })!;
    expect(oldest).toBeGreaterThanOrEqual(59);
    expect(oldest).toBeLessThan(600);
    expect(sample(text, "outreach_runs", { state: "running", reason: "" })).toBe(1);
    expect(sample(text, "outreach_runs", { state: "success", reason: "" })).toBe(2);
    expect(sample(text, "outreach_runs", { state: "failed", reason: "network" })).toBe(2);
    expect(sample(text, "outreach_runs", { state: "failed", reason: "auth_expired" })).toBe(1);
    expect(sample(text, "outreach_webhook_deliveries", { status: "pending" })).toBe(2);
    expect(sample(text, "outreach_webhook_deliveries", { status: "dead" })).toBe(1);
    expect(sample(text, "outreach_sends_held")).toBe(2);
  });

  it("report this instance's pool, open live streams and mails sent and failed", async () => {
    const sink = await startMailSink();
    const before = await scrape();
    const stops = [1, 2].map(() => startEventStream(A.orgId, { write: () => true, end: () => undefined }));
    try {
      await sendMail({ smtpUrl: sink.env.OUTREACH_SMTP_URL!, from: MAIL_FROM, publicOrigin: PUBLIC_URL }, { to: "ada@harbor.example", subject: "Hello", text: "Hi", html: "<p>Hi</p>" });
      await expect(sendMail({ smtpUrl: "smtp://127.0.0.1:1", from: MAIL_FROM, publicOrigin: PUBLIC_URL }, { to: "ada@harbor.example", subject: "Hello", text: "Hi", html: "<p>Hi</p>" })).rejects.toThrow();
      const text = await scrape();
      expect(sample(text, "outreach_live_streams_open")! - sample(before, "outreach_live_streams_open")!).toBe(2);
      expect(sample(text, "outreach_mails_total", { outcome: "sent" })! - (sample(before, "outreach_mails_total", { outcome: "sent" }) ?? 0)).toBe(1);
      expect(sample(text, "outreach_mails_total", { outcome: "failed" })! - (sample(before, "outreach_mails_total", { outcome: "failed" }) ?? 0)).toBe(1);
      expect(sample(text, "outreach_db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "outreach_db_pool_waiting")).toBe(0);
      expect(text).toContain("outreach_process_resident_memory_bytes");
    } finally {
      stops.forEach((stop) => stop());
      await sink.close();
    }
  });

  it("the metrics port answers /metrics only", async () => {
    expect((await fetch(`${metricsBase}/`)).status).toBe(404);
    expect((await fetch(`${metricsBase}/metrics`, { method: "POST" })).status).toBe(404);
  });

  it("GET /api/metrics does not exist without a token, refuses a wrong one and any session, and answers the operator's", async () => {
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
    await withEnv({ OUTREACH_METRICS_TOKEN: undefined }, async () => {
      const res = await call(metricsRoute.GET, { path: "/api/metrics", headers: bearer(TOKEN) });
      expect(res.status).toBe(404);
    });
    await withEnv({ OUTREACH_METRICS_TOKEN: TOKEN }, async () => {
      for (const opts of [{}, { headers: bearer("metrics-token-of-someone-else-99") }, { headers: { authorization: TOKEN } }, { cookie: A.cookie }]) {
        const res = await call(metricsRoute.GET, { path: "/api/metrics", ...opts });
        expect(res.status).toBe(401);
        expect(res.json.error).toBe("unauthorized");
      }
      const res = await call(metricsRoute.GET, { path: "/api/metrics", headers: bearer(TOKEN) });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      expect(String(res.json)).toContain("outreach_runs{");
    });
  });
});
