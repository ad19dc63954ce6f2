// Runs once when the Next server starts, before it serves a request. Everything it does is in lib/boot/start-instance.ts,
// loaded on Node only so the edge bundle carries none of it. Traces start first, when configured, so the database
// driver is instrumented before anything loads it (lib/tracing/start-tracing.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import("@/lib/tracing/start-tracing");
    startTracing();
  }
  const { startInstance } = await import("@/lib/boot/start-instance");
  await startInstance();
}
