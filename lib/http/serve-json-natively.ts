// Hot JSON reads served straight on the Node response under `next start`, for their cost. The inbox's list and tab
// counts are asked for on every page, filter change and live refresh, and their own work is a few milliseconds: Next's
// handling around it (turning the request into its own, routing, piping the answer's web stream into the socket) and
// its gzip at zlib's default level cost about as much again (docs/performance.md "CPU per list request"). Here the
// answer is written in one piece, gzipped at level 1 for a client that accepts it.
// Each request goes through its route's own handler (the route file exports the same function): the same
// authorisation, validation, refusals and body; only the way the answer reaches the socket differs.
import http from "node:http";
import zlib from "node:zlib";
import { acceptsGzip, API_HEADERS, headersOf, installNativePath, sendJson, toWebRequest } from "@/lib/http/native-response";

export type JsonRouteHandler = (req: Request) => Promise<Response>;

// Below this a gzip header and trailer save nothing worth the CPU (a refusal, an empty page).
const COMPRESS_FROM = 1024;

/** The handler for a Node request's exact path (GET only), or null when Next should route it. */
export function nativeJsonHandler(req: http.IncomingMessage, routes: ReadonlyMap<string, JsonRouteHandler>): JsonRouteHandler | null {
  if (req.method !== "GET") return null;
  const url = req.url ?? "";
  const q = url.indexOf("?");
  return routes.get(q === -1 ? url : url.slice(0, q)) ?? null;
}

export async function serveJsonNatively(req: http.IncomingMessage, res: http.ServerResponse, handler: JsonRouteHandler): Promise<void> {
  let webReq: Request;
  try {
    webReq = toWebRequest(req, "/");
  } catch {
    return sendJson(res, 400, { error: "bad_request", message: "The request could not be read" });
  }
  const answer = await handler(webReq);
  let body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string> = { ...API_HEADERS, ...headersOf(answer), Vary: `${API_HEADERS.Vary}, Accept-Encoding` };
  if (body.length >= COMPRESS_FROM && acceptsGzip(req.headers["accept-encoding"])) {
    // Synchronous: a page of drafts is tens of KB, a fraction of a millisecond at level 1, less than a trip through
    // the thread pool costs.
    body = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_SPEED });
    headers["Content-Encoding"] = "gzip";
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(answer.status, headers);
  res.end(body);
}

/** Serves the given paths' GETs natively on every HTTP server of this process (once; at boot). */
export function installNativeJsonRoutes(routes: ReadonlyMap<string, JsonRouteHandler>): void {
  installNativePath("json", (req) => nativeJsonHandler(req, routes), serveJsonNatively);
}
