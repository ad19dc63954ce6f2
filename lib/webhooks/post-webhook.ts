import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { StringDecoder } from "node:string_decoder";
import { checkWebhookAddress } from "@/lib/webhooks/ssrf-guard";

// One POST of one webhook delivery. It never throws: every outcome, including a refused destination, comes back
// as a PostResult the delivery worker records. The URL is a secret (receivers put tokens in the path or query),
// so no result or error names more of it than the host.

export type PostWebhookInput = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  allowPrivate?: boolean;
};

export type PostResult = {
  ok: boolean;
  status: number | null;
  durationMs: number;
  retryAfterS: number | null;
  excerpt: string | null;
  error: string | null;
};

// The spec's limits table: "Webhook HTTP timeout 10 s".
const DEFAULT_TIMEOUT_MS = 10_000;
// Enough of a receiver's answer to show why it failed, small enough that a hostile receiver cannot fill memory.
const EXCERPT_BYTES = 1024;
const ALLOW_PRIVATE_HINT = "(set OUTREACH_WEBHOOK_ALLOW_PRIVATE=1 to allow private receivers)";

export async function postWebhook(input: PostWebhookInput): Promise<PostResult> {
  const started = performance.now();
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowPrivate = input.allowPrivate ?? false;
  const fail = (error: string): PostResult => ({
    ok: false,
    status: null,
    durationMs: Math.round(performance.now() - started),
    retryAfterS: null,
    excerpt: null,
    error,
  });

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return fail("invalid webhook URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return fail(`unsupported URL scheme ${url.protocol} (only http and https are allowed)`);
  }

  // URL keeps IPv6 literals in brackets; Node wants them bare, and connects to a literal without calling `lookup`,
  // so a literal is judged here instead.
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) !== 0) {
    const verdict = checkWebhookAddress(host, { allowPrivate });
    if (!verdict.allowed) return fail(refusal(verdict.reason, allowPrivate));
  }

  let outcome = await sendOnce({ url, host, input, timeoutMs, allowPrivate });
  // A kept-alive socket the receiver had just closed fails at once; that is not the receiver's answer, so once more.
  if (outcome.staleSocket) outcome = await sendOnce({ url, host, input, timeoutMs, allowPrivate });
  return {
    ok: outcome.status !== null && outcome.status >= 200 && outcome.status < 300,
    status: outcome.status,
    durationMs: Math.round(performance.now() - started),
    retryAfterS: outcome.retryAfterS,
    excerpt: outcome.excerpt,
    error: outcome.error,
  };
}

type Outcome = Omit<PostResult, "ok" | "durationMs"> & { staleSocket?: boolean };

// Sockets are kept alive and reused per host, which saves most of a sender's cost when one endpoint gets many
// deliveries. Each pool serves one guard setting, so a pooled socket is only ever reused by requests whose
// connect-time check it passed; it stays on the address it was opened to, so DNS changes cannot redirect it. Idle
// sockets close after 4 s, before the common 5 s server keep-alive, so few are found closed on reuse.
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

function sendOnce(args: {
  url: URL;
  host: string;
  input: PostWebhookInput;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<Outcome> {
  const { url, host, input, timeoutMs, allowPrivate } = args;
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    let req: http.ClientRequest | undefined;
    // `keep`: the response was read to its end, so the socket can go back to the pool.
    const settle = (outcome: Outcome, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!keep) req?.destroy();
      resolve(outcome);
    };
    const failWith = (error: string) => settle({ status: null, retryAfterS: null, excerpt: null, error });

    // One timer for the whole attempt: DNS, connect, TLS, headers and the excerpt. A socket idle timeout would let
    // a receiver that trickles a byte every few seconds hold the worker forever.
    const timer = setTimeout(() => failWith(`timed out after ${formatSeconds(timeoutMs)} s`), timeoutMs);

    try {
      req = (url.protocol === "https:" ? https : http).request({
        protocol: url.protocol,
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
        method: "POST",
        headers: buildHeaders(input.headers, input.body),
        agent: poolFor(url.protocol, allowPrivate),
        lookup: guardedLookup(allowPrivate),
      });
    } catch (err) {
      // Invalid header names or values throw synchronously.
      failWith(describeError(err, host, url.port));
      return;
    }

    req.on("error", (err) => {
      const code = (err as { code?: unknown }).code;
      if (req?.reusedSocket && (code === "ECONNRESET" || code === "EPIPE")) {
        settle({ status: null, retryAfterS: null, excerpt: null, error: describeError(err, host, url.port), staleSocket: true });
        return;
      }
      failWith(describeError(err, host, url.port));
    });
    // No redirect is followed: a 3xx is reported like any other non-2xx, so a receiver cannot bounce the worker
    // to an address the guard never judged.
    req.on("response", (res) => {
      const status = res.statusCode ?? null;
      const retryAfterS = parseRetryAfter(res.headers["retry-after"]);
      // StringDecoder holds back a multi-byte character cut at the 1 KB boundary instead of emitting U+FFFD.
      const decoder = new StringDecoder("utf8");
      let text = "";
      let received = 0;
      // PostgreSQL text cannot hold NUL, so a receiver answering binary would make the attempt unrecordable.
      const finish = (keep = false) => settle({ status, retryAfterS, excerpt: text === "" ? null : text.replaceAll("\u0000", "\uFFFD"), error: null }, keep);
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        const take = chunk.subarray(0, EXCERPT_BYTES - received);
        received += take.length;
        text += decoder.write(take);
        if (received >= EXCERPT_BYTES) {
          finish();
          res.destroy();
        }
      });
      res.on("end", () => finish(true));
      // A receiver that drops the connection mid-body still answered with a status; keep what arrived.
      res.on("close", () => finish());
      res.on("error", () => {});
    });
    req.end(input.body);
  });
}

function buildHeaders(given: Record<string, string>, body: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const present = new Set<string>();
  for (const [name, value] of Object.entries(given)) {
    const lower = name.toLowerCase();
    // The length is always the body's; a caller's stale value would corrupt the request.
    if (lower === "content-length" || lower === "transfer-encoding") continue;
    headers[name] = value;
    present.add(lower);
  }
  if (!present.has("content-type")) headers["content-type"] = "application/json";
  if (!present.has("user-agent")) headers["user-agent"] = "outreach-dashboard-webhooks/1";
  headers["content-length"] = String(Buffer.byteLength(body));
  return headers;
}

class RefusedAddressError extends Error {}

// Runs at connect time on the addresses the socket is about to use, so a DNS answer that changes between a check
// and the connect (rebinding) cannot reach an address the guard has not seen. Every address must pass: with a
// mixed answer, which one the socket would pick is not ours to predict.
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      for (const { address } of addresses) {
        const verdict = checkWebhookAddress(address, { allowPrivate });
        if (!verdict.allowed) return callback(new RefusedAddressError(refusal(verdict.reason, allowPrivate)), "", 0);
      }
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      // Node 20 asks for `all` when it would race address families (autoSelectFamily); answer in the shape asked.
      if (options.all) return callback(null, [first]);
      callback(null, first.address, first.family);
    });
  };
}

function refusal(reason: string, allowPrivate: boolean): string {
  return allowPrivate ? `refused: ${reason}` : `refused: ${reason} ${ALLOW_PRIVATE_HINT}`;
}

// Errors are rebuilt from their code rather than passed through, so no Node message can carry the path or query.
function describeError(err: unknown, host: string, port: string): string {
  if (err instanceof RefusedAddressError) return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  const where = port ? `${shown}:${port}` : shown;
  switch (code) {
    case "ECONNREFUSED":
      return `connection refused by ${where}`;
    case "ECONNRESET":
      return `connection reset by ${where}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_FAIL":
    case "ENODATA":
      return `could not resolve ${host} (${code})`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "EHOSTDOWN":
    case "ENETDOWN":
      return `cannot reach ${where} (${code})`;
    case "ERR_INVALID_CHAR":
    case "ERR_INVALID_HTTP_TOKEN":
    case "ERR_HTTP_INVALID_HEADER_VALUE":
      return `invalid request header (${code})`;
    default:
      if (typeof code === "string" && /CERT|TLS|SSL/.test(code)) return `TLS error talking to ${where} (${code})`;
      return typeof code === "string" ? `request to ${where} failed (${code})` : `request to ${where} failed`;
  }
}

/**
 * Seconds to wait from a Retry-After header (RFC 9110 10.2.3): delta-seconds or an HTTP-date.
 * A date in the past means "now" (0); anything unreadable is null.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds) ? seconds : null;
  }
  // Every HTTP-date form names a weekday and month; requiring a letter keeps Date.parse from reading "-5" as a year.
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}
