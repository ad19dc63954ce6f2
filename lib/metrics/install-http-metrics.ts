// Counts every HTTP request this process answers, whoever handles it (Next's pages and routes, the native live stream
// and export), by listening on Node's own announcements of requests starting and responses finishing.
import diagnostics_channel from "node:diagnostics_channel";
import type http from "node:http";
import { metrics } from "@/lib/metrics/registry";
import { loadRouteMatcher, type RouteMatcher } from "@/lib/metrics/route-pattern";

// Taken when the request arrives: Next rewrites `req.url` while it routes (an unknown path ends as "/_not-found").
const arrived = new WeakMap<http.ServerResponse, { at: bigint; path: string }>();
const state = globalThis as unknown as { __outreachHttpMetrics?: boolean };

/** Once per process, at boot (lib/boot/start-instance.ts). The root's build manifest names the routes. */
export function installHttpMetrics({ root = process.cwd(), matcher = loadRouteMatcher(root) }: { root?: string; matcher?: RouteMatcher } = {}): void {
  if (state.__outreachHttpMetrics) return;
  state.__outreachHttpMetrics = true;
  const { httpRequests, httpDuration } = metrics();
  diagnostics_channel.subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: http.IncomingMessage; response: http.ServerResponse };
    arrived.set(response, { at: process.hrtime.bigint(), path: pathOf(request.url) });
  });
  diagnostics_channel.subscribe("http.server.response.finish", (message) => {
    const { request, response } = message as { request: http.IncomingMessage; response: http.ServerResponse };
    const start = arrived.get(response);
    const route = matcher(start?.path ?? pathOf(request.url));
    const method = knownMethod(request.method);
    httpRequests.inc({ route, method, status: String(response.statusCode) });
    const type = String(response.getHeader("content-type") ?? "");
    if (start && !type.startsWith("text/event-stream")) {
      httpDuration.observe({ route, method }, Number(process.hrtime.bigint() - start.at) / 1e9);
    }
  });
}

function pathOf(url: string | undefined): string {
  const q = (url ?? "/").indexOf("?");
  return q === -1 ? (url ?? "/") : url!.slice(0, q);
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Anything else a client invents is one series, not one per invention. */
function knownMethod(method: string | undefined): string {
  return method && METHODS.has(method) ? method : "OTHER";
}
