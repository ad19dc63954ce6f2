// The one client for requests to hosts a tenant chose: federated instances named in account credentials, repository
// URLs, webhook receivers, and the platforms' configured addresses. It never connects to an address the guard
// refuses (lib/net/address-guard.ts):
// - a literal IP is judged before anything is sent; a host name is judged at connect time, after DNS, on every
//   address the answer holds (lib/net/guarded-lookup.ts), so DNS rebinding cannot slip through;
// - redirects are not followed unless the caller asks, and then each hop is judged the same way (a few at most,
//   never from https to http; credentials are not carried to another origin);
// - one time bound covers the whole exchange (DNS, connect, TLS, every redirect, reading the body), and the body is
//   read up to a cap the caller sets.
// Origins the operator configured (OUTREACH_FORUM_BASE_URL …) are the operator's choice, not a tenant's: requests to
// exactly those origins may reach private addresses (tests point them at loopback fakes). Unspecified addresses
// (0.0.0.0, ::) are refused whatever the policy says.
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { checkAddress } from "@/lib/net/address-guard";
import { guardedLookup, RefusedAddressError } from "@/lib/net/guarded-lookup";
import { describeNetworkError, formatSeconds, GuardedRequestError } from "@/lib/net/net-error";

export interface DestinationPolicy {
  /** Loopback, private, link-local … addresses may be reached (an operator's opt-in). */
  allowPrivate: boolean;
  /** Exact origins (`http://127.0.0.1:8080`) the operator configured; they are not held to the private-address rule. */
  trustedOrigins?: readonly string[];
}

export interface GuardedRequestInput {
  url: string | URL;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  policy: DestinationPolicy;
  /** One bound for DNS, connect, TLS, every redirect and reading the body. */
  timeoutMs: number;
  /** 0 (the default): a 3xx is answered as it is. Otherwise at most this many redirects are followed. */
  maxRedirects?: number;
  /** Reuse sockets per host across requests (webhook deliveries send many requests to few hosts). */
  keepAlive?: boolean;
}

export interface BodyRead {
  bytes: Buffer;
  /** The cap was reached and the rest was not read. */
  truncated: boolean;
  /** False when the peer closed the connection before the end of the body. */
  complete: boolean;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The address that answered, after redirects. */
  url: URL;
  /**
   * The body, at most `maxBytes`: with "truncate" what fits is kept and the connection closed; with "fail" a larger
   * body is a `too_large` error.
   */
  read(opts: { maxBytes: number; overflow: "truncate" | "fail" }): Promise<BodyRead>;
  /** The body as it arrives; more than `maxBytes` in all is a `too_large` error. */
  stream(maxBytes: number): AsyncGenerator<Buffer>;
  /** Stops reading and releases the connection (call it when the body is not wanted). */
  close(): void;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Headers that belong to the origin they were meant for.
const ORIGIN_BOUND_HEADERS = ["authorization", "cookie", "proxy-authorization"];

export function isTrustedOrigin(url: URL, policy: DestinationPolicy): boolean {
  return (policy.trustedOrigins ?? []).includes(url.origin);
}

export async function guardedRequest(input: GuardedRequestInput): Promise<GuardedResponse> {
  let url = parseUrl(input.url);
  let method = (input.method ?? "GET").toUpperCase();
  let headers: Record<string, string> = { ...input.headers };
  let body = input.body;
  const maxRedirects = input.maxRedirects ?? 0;
  const exchange = new Exchange(input.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const res = await sendWithRetry(exchange, { url, method, headers, body, policy: input.policy, keepAlive: input.keepAlive ?? false });
      const location = res.headers.location;
      if (maxRedirects === 0 || !REDIRECT_STATUSES.has(res.statusCode ?? 0) || !location) {
        return wrapResponse(exchange, res, url);
      }
      res.destroy();
      if (hop >= maxRedirects) throw new GuardedRequestError("redirect", `${url.host} redirected more than ${maxRedirects} times`);
      const next = redirectTarget(url, location);
      const status = res.statusCode!;
      if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
        headers = withoutHeaders(headers, ["content-type", "content-length", "content-encoding"]);
      }
      if (next.origin !== url.origin) headers = withoutHeaders(headers, ORIGIN_BOUND_HEADERS);
      url = next;
    }
  } catch (err) {
    exchange.finish();
    throw err;
  }
}

function parseUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new GuardedRequestError("bad_url", "the address is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new GuardedRequestError("bad_url", `unsupported URL scheme ${url.protocol} (only http and https are allowed)`);
  }
  if (!url.hostname) throw new GuardedRequestError("bad_url", "the address has no host");
  return url;
}

function redirectTarget(from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new GuardedRequestError("redirect", `${from.host} redirected to an address that is not a valid URL`);
  }
  if (next.protocol !== "http:" && next.protocol !== "https:") {
    throw new GuardedRequestError("redirect", `${from.host} redirected to an unsupported URL scheme (${next.protocol})`);
  }
  if (from.protocol === "https:" && next.protocol === "http:") {
    throw new GuardedRequestError("redirect", `${from.host} redirected from https to plain http, which is not followed`);
  }
  return next;
}

function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k.toLowerCase())));
}

/** The time bound of one exchange, and the request or response it currently holds open. */
class Exchange {
  private readonly timer: NodeJS.Timeout;
  private failure: GuardedRequestError | null = null;
  private req: http.ClientRequest | null = null;
  private res: http.IncomingMessage | null = null;

  constructor(readonly timeoutMs: number) {
    this.timer = setTimeout(() => this.abort(new GuardedRequestError("timeout", `timed out after ${formatSeconds(timeoutMs)} s`)), timeoutMs);
  }

  get failed(): GuardedRequestError | null {
    return this.failure;
  }

  hold(req: http.ClientRequest | null, res: http.IncomingMessage | null) {
    this.req = req;
    this.res = res;
  }

  abort(err: GuardedRequestError) {
    if (this.failure) return;
    this.failure = err;
    this.res?.destroy(err);
    this.req?.destroy(err);
  }

  finish() {
    clearTimeout(this.timer);
  }
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  policy: DestinationPolicy;
  keepAlive: boolean;
}

async function sendWithRetry(exchange: Exchange, hop: Hop): Promise<http.IncomingMessage> {
  try {
    return await sendOnce(exchange, hop);
  } catch (err) {
    // A kept-alive socket the peer had just closed fails at once; that is not the peer's answer, so once more.
    if (err instanceof GuardedRequestError && err.staleSocket && !exchange.failed) return sendOnce(exchange, hop);
    throw err;
  }
}

function sendOnce(exchange: Exchange, { url, method, headers, body, policy, keepAlive }: Hop): Promise<http.IncomingMessage> {
  // The time bound may have passed between two hops.
  if (exchange.failed) return Promise.reject(exchange.failed);
  // URL keeps IPv6 literals in brackets; Node wants them bare, and connects to a literal without calling `lookup`,
  // so a literal is judged here instead.
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const allowPrivate = policy.allowPrivate || isTrustedOrigin(url, policy);
  if (isIP(host) !== 0) {
    const verdict = checkAddress(host, { allowPrivate });
    if (!verdict.allowed) return Promise.reject(new GuardedRequestError("refused", verdict.reason, null, verdict.reason));
  }
  // The length is always the body's; a caller's stale value would corrupt the request.
  const sentHeaders =
    body === undefined
      ? headers
      : { ...withoutHeaders(headers, ["content-length", "transfer-encoding"]), "content-length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength) };

  return new Promise<http.IncomingMessage>((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = (url.protocol === "https:" ? https : http).request({
        protocol: url.protocol,
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
        method,
        headers: sentHeaders,
        // A socket is only ever reused by requests whose connect-time check it passed: pooled sockets stay in a
        // pool of their own guard setting, and without keepAlive every request gets an agent of its own (the
        // global agent's sockets may have been opened by code that never asked the guard).
        agent: keepAlive ? poolFor(url.protocol, allowPrivate) : false,
        lookup: guardedLookup(allowPrivate),
      });
    } catch (err) {
      // Invalid header names or values throw synchronously.
      reject(new GuardedRequestError("network", describeNetworkError(err, host, url.port), codeOf(err)));
      return;
    }
    exchange.hold(req, null);
    req.on("error", (err) => reject(toGuardedError(err, req, host, url.port)));
    req.on("response", (res) => {
      // Without a listener a destroy(err) from the time bound would crash the process.
      res.on("error", () => {});
      exchange.hold(req, res);
      resolve(res);
    });
    req.end(body);
  });
}

function codeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
}

function toGuardedError(err: unknown, req: http.ClientRequest, host: string, port: string): GuardedRequestError {
  if (err instanceof GuardedRequestError) return err;
  if (err instanceof RefusedAddressError) return new GuardedRequestError("refused", err.reason, null, err.reason);
  const code = codeOf(err);
  const stale = req.reusedSocket && (code === "ECONNRESET" || code === "EPIPE");
  return new GuardedRequestError("network", describeNetworkError(err, host, port), code, null, stale);
}

// Idle sockets close after 4 s, before the common 5 s server keep-alive, so few are found closed on reuse.
const pools = new Map<string, http.Agent>();
function poolFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}|${allowPrivate}`;
  let agent = pools.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 4000 };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    pools.set(key, agent);
  }
  return agent;
}

function wrapResponse(exchange: Exchange, res: http.IncomingMessage, url: URL): GuardedResponse {
  let used = false;
  const claim = () => {
    if (used) throw new Error("the body of a guarded response is read once");
    used = true;
  };
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    url,
    read({ maxBytes, overflow }) {
      claim();
      // The time bound passed before the caller came to read: the response is already destroyed.
      if (exchange.failed) return Promise.reject(exchange.failed);
      return new Promise<BodyRead>((resolve, reject) => {
        const chunks: Buffer[] = [];
        let received = 0;
        let settled = false;
        const settle = (fn: () => void) => {
          if (settled) return;
          settled = true;
          exchange.finish();
          fn();
        };
        const done = (read: Omit<BodyRead, "bytes">) => settle(() => resolve({ bytes: Buffer.concat(chunks), ...read }));
        res.on("data", (chunk: Buffer) => {
          if (settled) return;
          const room = maxBytes - received;
          if (chunk.length > room || (overflow === "truncate" && chunk.length === room)) {
            if (overflow === "fail" && chunk.length > room) {
              res.destroy();
              settle(() => reject(new GuardedRequestError("too_large", `${url.host} answered more than ${maxBytes} bytes`)));
              return;
            }
            chunks.push(chunk.subarray(0, room));
            received += room;
            res.destroy();
            done({ truncated: true, complete: true });
            return;
          }
          chunks.push(chunk);
          received += chunk.length;
        });
        res.on("end", () => done({ truncated: false, complete: true }));
        res.on("close", () => {
          const failure = exchange.failed;
          if (failure) settle(() => reject(failure));
          // A peer that drops the connection mid-body still answered with a status; keep what arrived.
          else done({ truncated: false, complete: false });
        });
      });
    },
    async *stream(maxBytes) {
      claim();
      let received = 0;
      try {
        for await (const chunk of res as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received > maxBytes) throw new GuardedRequestError("too_large", `${url.host} answered more than ${maxBytes} bytes`);
          yield chunk;
        }
        if (exchange.failed) throw exchange.failed;
      } catch (err) {
        res.destroy();
        throw exchange.failed ?? (err instanceof GuardedRequestError ? err : new GuardedRequestError("network", `the connection to ${url.host} broke off`, codeOf(err)));
      } finally {
        exchange.finish();
      }
    },
    close() {
      exchange.finish();
      res.destroy();
    },
  };
}
