// A span around a piece of work of the app's own (a run, a job tick), in the trace of whatever started it: a request
// that starts a run has the run's span under its own. Without tracing configured the API's tracer does nothing, so
// this costs a function call.
import { SpanStatusCode, trace, type Attributes } from "@opentelemetry/api";

const tracer = trace.getTracer("outreach");

export function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}
