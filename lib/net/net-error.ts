// What a guarded request can fail with, as one error whose message is safe to show: it names the host (and port) but
// never the URL's path or query, which can carry secrets (webhook tokens, search terms).
import { isIP } from "node:net";

export type NetFailureKind =
  /** The guard refused the destination (a private address, or a redirect to one). */
  | "refused"
  /** The whole exchange passed its time bound. */
  | "timeout"
  /** DNS, TCP or TLS failed, or the peer reset the connection. */
  | "network"
  /** The answer was larger than the caller's cap. */
  | "too_large"
  /** Too many redirects, or one to another scheme. */
  | "redirect"
  /** The URL cannot be requested (not http or https, no host). */
  | "bad_url";

export class GuardedRequestError extends Error {
  constructor(
    readonly kind: NetFailureKind,
    message: string,
    /** The Node error code, when there was one (ECONNREFUSED, ENOTFOUND …). */
    readonly code: string | null = null,
    /** For "refused": "<address> is …", without any hint. */
    readonly reason: string | null = null,
    /** A kept-alive socket the peer had just closed: the request never reached it and may be sent again. */
    readonly staleSocket = false,
  ) {
    super(message);
    this.name = "GuardedRequestError";
  }
}

/** "host:port" as a message shows it (IPv6 in brackets). */
export function describeWhere(host: string, port: string): string {
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  return port ? `${shown}:${port}` : shown;
}

/**
 * A Node network error rebuilt from its code, so no message can carry the path or query. The message is read by
 * customers (a webhook's delivery log, a repository that would not clone): it says what happened in words, and the
 * code itself (ENOTFOUND …) stays on the error for the operator's log.
 */
export function describeNetworkError(err: unknown, host: string, port: string): string {
  const code = (err as { code?: unknown } | null)?.code;
  const where = describeWhere(host, port);
  switch (code) {
    case "ECONNREFUSED":
      return `connection refused by ${where}`;
    case "ECONNRESET":
      return `connection reset by ${where}`;
    case "ENOTFOUND":
    case "ENODATA":
      return `could not find ${host}: no such host`;
    case "EAI_AGAIN":
    case "EAI_FAIL":
      return `could not look up ${host}: its name server did not answer`;
    case "ETIMEDOUT":
      return `${where} did not answer in time`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "EHOSTDOWN":
    case "ENETDOWN":
      return `cannot reach ${where}: no route to it`;
    case "ERR_INVALID_CHAR":
    case "ERR_INVALID_HTTP_TOKEN":
    case "ERR_HTTP_INVALID_HEADER_VALUE":
      return "a request header has characters that cannot be sent";
    default:
      if (typeof code === "string" && /CERT|TLS|SSL/.test(code)) return `could not set up a secure connection with ${where}: its certificate was refused`;
      return `request to ${where} failed`;
  }
}

export function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}
