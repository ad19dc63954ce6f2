// GET /api/stream served straight on the Node response, before Next sees the request. Next pipes a route's web
// stream into the socket with several promises per chunk; at thousands of open streams that piping, not the events,
// is the server's work (docs/performance.md, "Live stream"). Here each event is one `res.write` of the frame
// serialised once for everyone.
//
// The request is authorised by the very wrapper the route uses (withOrg: session cookie or API key, membership, the
// same refusals with the same JSON, status and x-request-id), on a web Request built from the Node request's headers.
// The stream then follows the shared contract (lib/events/event-stream-session.ts). The response carries the headers
// Next would add to /api (next.config.mjs). A client whose socket has more than MAX_BUFFERED_BYTES unsent is dropped;
// its EventSource reconnects and its pages re-read what they show.
//
// Installed at boot by instrumentation.ts for `next start`; the route file stays the path in development and for tests
// that call its handler.
import http from "node:http";
import { withOrg } from "@/lib/http/with-org";
import { API_HEADERS, installNativePath, sendJson, sendWebResponse, toWebRequest } from "@/lib/http/native-response";
import { streamAccessCheck } from "@/lib/events/stream-access";
import { SSE_HEADERS, startEventStream, type EventStreamOptions } from "@/lib/events/event-stream-session";

export const STREAM_PATH = "/api/stream";
/** Unsent bytes a client may have in its socket before it is dropped (a few hundred typical frames). */
export const MAX_BUFFERED_BYTES = 256 * 1024;

interface Grant {
  orgId: number;
  stillAllowed: EventStreamOptions["stillAllowed"];
}

// The route's own wrapper decides; its handler only records whom it let in.
const grants = new WeakMap<Request, Grant>();
const authorize = withOrg({}, async ({ req, ...caller }) => {
  // Only what the re-check needs is kept for the life of the stream (not the request's logger and context).
  const { orgId, userId } = caller;
  const apiKey = (caller as { apiKey?: { id: number } }).apiKey;
  grants.set(req, { orgId, stillAllowed: streamAccessCheck(req, { orgId, userId, apiKey: apiKey ? { id: apiKey.id } : undefined }) });
  return new Response(null, { status: 200 });
});

/** Whether a Node request is one this module serves. */
export function isStreamRequest(req: http.IncomingMessage): boolean {
  if (req.method !== "GET") return false;
  const url = req.url ?? "";
  return url === STREAM_PATH || url.startsWith(`${STREAM_PATH}?`);
}

export interface NativeStreamOptions {
  /** The keep-alive (and access re-check) interval; tests shorten it. */
  pingEveryMs?: number;
  /** Unsent bytes before the client is dropped (MAX_BUFFERED_BYTES); tests lower it. */
  maxBufferedBytes?: number;
}

export async function serveStreamNatively(req: http.IncomingMessage, res: http.ServerResponse, opts: NativeStreamOptions = {}): Promise<void> {
  const maxBuffered = opts.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  let webReq: Request;
  try {
    webReq = toWebRequest(req, STREAM_PATH);
  } catch {
    return sendJson(res, 400, { error: "bad_request", message: "The request could not be read" });
  }
  const decided = await authorize(webReq);
  const grant = grants.get(webReq);
  if (decided.status !== 200 || !grant) return sendWebResponse(res, decided);
  if (res.destroyed || req.socket?.destroyed) return;
  res.writeHead(200, { ...API_HEADERS, ...SSE_HEADERS, "x-request-id": decided.headers.get("x-request-id") ?? "" });
  // The status line and headers go out now, so what follows can go straight to the socket.
  res.flushHeaders();
  const stop = startEventStream(
    grant.orgId,
    {
      write(frame) {
        const socket = res.socket;
        if (!socket || res.writableLength > maxBuffered) return false;
        // Everything the response holds is already in the socket: the frame goes after it as one ready-made chunk
        // (one write, no per-write bookkeeping of the response). Otherwise the response queues it in order.
        // (An HTTP/1.0 client gets the bare frame: its response is delimited by the connection's close.)
        if (res.writableLength === socket.writableLength) socket.write(res.chunkedEncoding ? httpChunk(frame) : frame);
        else res.write(frame);
        return true;
      },
      end(reason) {
        if (reason === "behind") res.destroy();
        else res.end();
      },
    },
    { stillAllowed: grant.stillAllowed, pingEveryMs: opts.pingEveryMs },
  );
  res.once("close", stop);
  // A write to a socket that reset is reported here; the close that follows stops the stream.
  res.on("error", () => undefined);
}

const chunks = new WeakMap<Buffer, Buffer>();

/** A frame in HTTP/1.1 chunked framing, built once per frame (so once per event for all clients). */
function httpChunk(frame: Buffer): Buffer {
  let chunk = chunks.get(frame);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`), frame, Buffer.from("\r\n")]);
    chunks.set(frame, chunk);
  }
  return chunk;
}

/** Serves GET /api/stream natively on every HTTP server of this process (once; at boot). */
export function installNativeEventStream(): void {
  installNativePath("stream", (req) => (isStreamRequest(req) ? true : null), (req, res) => serveStreamNatively(req, res));
}
