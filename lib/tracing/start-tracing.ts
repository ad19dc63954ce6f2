// OpenTelemetry traces, off unless the operator names an OTLP endpoint (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or
// OTEL_EXPORTER_OTLP_ENDPOINT with /v1/traces added, as the OpenTelemetry specification says). Started first thing by
// instrumentation.ts, before `pg` is loaded, so every database statement becomes a span; Next's own spans (the route
// a request matched) and the app's (lib/tracing/in-span.ts: runs, jobs) join them in one trace per request.
// Exported over OTLP/HTTP with JSON bodies (docs/deploying.md, "Traces").
import { NodeSDK } from "@opentelemetry/sdk-node";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { Resource } from "@opentelemetry/resources";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";

const holder = globalThis as unknown as { __outreachTracing?: NodeSDK };

/** The traces endpoint the environment names, or null when tracing is off. */
export function tracesEndpoint(source: Record<string, string | undefined> = process.env): string | null {
  if (source.OTEL_SDK_DISABLED === "true") return null;
  if (source.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return source.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (source.OTEL_EXPORTER_OTLP_ENDPOINT) return source.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "") + "/v1/traces";
  return null;
}

// Probes and scrapes come every few seconds from the balancer and Prometheus: a trace each would drown the rest.
const UNTRACED = /^\/(?:api\/health\/|api\/metrics|_next\/static\/|favicon\.ico)/;

/** Starts the SDK once per process when an endpoint is configured; the running SDK (to flush or stop), or null. */
export function startTracing(source: Record<string, string | undefined> = process.env): NodeSDK | null {
  if (holder.__outreachTracing) return holder.__outreachTracing;
  const url = tracesEndpoint(source);
  if (!url) return null;
  const sdk = new NodeSDK({
    resource: new Resource({ "service.name": source.OTEL_SERVICE_NAME || "outreach-dashboard" }),
    // A second, not the default five: an instance that is stopped soon after a request still sends its spans.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }), { scheduledDelayMillis: 1000 })],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ""),
        // The exporter's own requests to the collector are not traced.
        ignoreOutgoingRequestHook: (req) => (req.path ?? "").includes("/v1/traces"),
      }),
      // Statements with their text (parameters left out: they hold people's data).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  holder.__outreachTracing = sdk;
  return sdk;
}
