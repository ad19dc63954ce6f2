// The Prometheus metrics of this instance (prom-client), in one registry kept on globalThis: Next bundles the
// instrumentation hook and each route separately, and a counter bumped in a route must land in the registry the
// metrics port reads. What each figure means, and which are per instance, is in docs/deploying.md ("Metrics").
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { registerDatabaseGauges } from "@/lib/metrics/database-gauges";
import { registerInstanceGauges } from "@/lib/metrics/instance-gauges";

export interface OutreachMetrics {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  mails: Counter<"outcome">;
  relayConnections: Counter<"kind">;
  relayResumes: Counter;
}

const holder = globalThis as unknown as { __outreachMetrics?: OutreachMetrics };

export function metrics(): OutreachMetrics {
  return (holder.__outreachMetrics ??= createMetrics());
}

function createMetrics(): OutreachMetrics {
  const registry = new Registry();
  const registers = [registry];
  // Memory, CPU, event-loop lag and open handles of this process.
  collectDefaultMetrics({ register: registry, prefix: "outreach_" });
  registerInstanceGauges(registry);
  registerDatabaseGauges(registry);
  return {
    registry,
    httpRequests: new Counter({
      name: "outreach_http_requests_total",
      help: "HTTP requests this instance answered, by route pattern (app/ folder names), method and status.",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "outreach_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its response (live streams left out: they last as long as the page is open).",
      labelNames: ["route", "method"],
      // From a cached page (a few ms) to a slow export; performance.md's budgets sit between 0.05 and 1 s.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    mails: new Counter({ name: "outreach_mails_total", help: "Mails this instance handed to the SMTP server, by outcome (sent, failed).", labelNames: ["outcome"], registers }),
    relayConnections: new Counter({
      name: "outreach_relay_connections_total",
      help: "WebSocket connections this instance opened to the cloud runner relay, new runs and resumes.",
      labelNames: ["kind"],
      registers,
    }),
    relayResumes: new Counter({ name: "outreach_relay_resumes_total", help: "Cloud runs the relay took back after a lost connection.", registers }),
  };
}

/** The text a scraper reads, and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
