// What the routes served straight on the Node response (before Next sees the request: the live stream, the CSV export)
// share: the headers next.config.mjs adds to every /api answer, a web Request built from the Node request (so the
// route's own wrapper authorises it, with the same refusals), and a way to send a web Response's status and body.
import http from "node:http";
import { peerAddressHeader } from "@/lib/http/peer-address";
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "@/lib/http/content-security-policy";

/** What next.config.mjs adds to every /api response; a native path answers without Next, so it adds them itself. */
export const API_HEADERS: Record<string, string> = {
  ...Object.fromEntries(SECURITY_HEADERS.map((h) => [h.key, h.value])),
  "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
  // What Next's router sends on every route response, kept so both paths answer alike.
  Vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch",
};

/** The Node request as a web Request for a route wrapper, carrying the socket's address like every request does. */
export function toWebRequest(req: http.IncomingMessage, fallbackPath: string): Request {
  req.headers[peerAddressHeader()] = req.socket?.remoteAddress ?? "unknown";
  return new Request(new URL(req.url ?? fallbackPath, `http://${req.headers.host ?? "localhost"}`), { method: req.method ?? "GET", headers: toHeaders(req.headers) });
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/** A web Response's headers as a plain object (for res.writeHead). */
export function headersOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => (out[k] = v));
  return out;
}

/** Sends a whole (small) web Response: a refusal of the route's wrapper. */
export async function sendWebResponse(res: http.ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  res.writeHead(answer.status, { ...API_HEADERS, ...headersOf(answer), "Content-Length": String(body.length) });
  res.end(body);
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { ...API_HEADERS, ...headers, "Content-Type": "application/json", "Content-Length": String(text.length) });
  res.end(text);
}

/** Whether the client takes gzip (an explicit q=0 refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

// Which native paths this process has installed: kept on globalThis, since Next may load a module more than once.
const installed = ((globalThis as unknown as { __outreachNativePaths?: Set<string> }).__outreachNativePaths ??= new Set());

/**
 * Answers the requests `match` picks on the Node response, on every HTTP server of this process, before Next routes
 * them; every other request goes on to Next untouched. Once per name, at boot. A failure before anything was sent is
 * the one JSON 500; after, the connection is cut, since a half-sent body cannot be turned into an error.
 */
export function installNativePath<T>(
  name: string,
  match: (req: http.IncomingMessage) => T | null,
  serve: (req: http.IncomingMessage, res: http.ServerResponse, matched: T) => Promise<void>,
): void {
  if (installed.has(name)) return;
  installed.add(name);
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function nativePathEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    const matched = event === "request" ? match(args[0] as http.IncomingMessage) : null;
    if (matched === null) return emit.call(this, event, ...args);
    const res = args[1] as http.ServerResponse;
    serve(args[0] as http.IncomingMessage, res, matched).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: "internal", message: "Something went wrong" });
      else res.destroy();
    });
    return true;
  } as typeof http.Server.prototype.emit;
}
