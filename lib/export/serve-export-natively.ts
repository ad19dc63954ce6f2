// GET /api/export/[resource] served straight on the Node response under `next start`, for one reason: compression.
// Next removes a route's own Content-Encoding and compresses at zlib's default level, which costs a core more than
// producing the CSV; without compression a million rows download as ~240 MB. Here a client that accepts gzip gets it
// at level 1 (most of the saving of a CSV at a fraction of the CPU), compressed on more than one core
// (lib/export/parallel-gzip.ts), and one that does not gets the bytes as before.
// The request goes through the route's own handler (lib/export/handle-export.ts): the same authorisation, parsing,
// refusals and stream; only the way its body reaches the socket differs.
import http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { handleExport } from "@/lib/export/handle-export";
import { parallelGzip } from "@/lib/export/parallel-gzip";
import { acceptsGzip, API_HEADERS, headersOf, installNativePath, sendJson, sendWebResponse, toWebRequest } from "@/lib/http/native-response";
import { log } from "@/lib/log/logger";

const EXPORT_PATH = /^\/api\/export\/([^/?#]+)\/?(?:\?|$)/;

/** The resource a Node request asks to export, or null when it is not an export request. */
export function exportResourceOf(req: http.IncomingMessage): string | null {
  if (req.method !== "GET") return null;
  const match = EXPORT_PATH.exec(req.url ?? "");
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export async function serveExportNatively(req: http.IncomingMessage, res: http.ServerResponse, resource: string): Promise<void> {
  let webReq: Request;
  try {
    webReq = toWebRequest(req, "/api/export");
  } catch {
    return sendJson(res, 400, { error: "bad_request", message: "The request could not be read" });
  }
  const abort = new AbortController();
  res.once("close", () => abort.abort());
  const answer = await handleExport(new Request(webReq, { signal: abort.signal }), { params: Promise.resolve({ resource }) });
  if (answer.status !== 200 || !answer.body) return sendWebResponse(res, answer);
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const headers = { ...API_HEADERS, ...headersOf(answer), Vary: `${API_HEADERS.Vary}, Accept-Encoding` };
  res.writeHead(200, gzip ? { ...headers, "Content-Encoding": "gzip" } : headers);
  const body = Readable.fromWeb(answer.body as unknown as WebReadableStream<Uint8Array>);
  const sent = gzip ? pipeline(body, parallelGzip(), res) : pipeline(body, res);
  await sent.catch((err: unknown) => {
    // The client went away, or a batch failed half way: the response is cut, which the client sees as a broken
    // download rather than a complete-looking file.
    log.warn("export cut short", { error: (err as Error).message });
    res.destroy();
  });
}

/** Serves GET /api/export/* natively on every HTTP server of this process (once; at boot). */
export function installNativeExport(): void {
  installNativePath("export", exportResourceOf, serveExportNatively);
}
