// The one way the platform clients call out: through the guarded client (lib/net/guarded-request.ts), with a
// descriptive User-Agent, a 10 s bound on the whole exchange, at most 3 redirects (each judged like the first), an
// answer of at most 5 MB, and every failure turned into an error that names the platform and what went wrong (never
// a crash, never a raw stack): an UpstreamError when the platform failed, a `forbidden` refusal when the address is
// one the server does not connect to for a tenant.
import { AppError } from "@/lib/http/errors";
import { guardedRequest } from "@/lib/net/guarded-request";
import { GuardedRequestError } from "@/lib/net/net-error";
import { privateHostsAdvice } from "@/lib/net/private-hosts";
import { PLATFORM_TIMEOUT_MS, platformDestinationPolicy, platformUserAgent, type PlatformName } from "@/lib/platforms/config";
import { UpstreamError } from "@/lib/platforms/upstream-error";

export interface PlatformRequest {
  platform: PlatformName;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A JSON body (sent as application/json). */
  json?: unknown;
  timeoutMs?: number;
}

/** A platform answer larger than this is refused: a page of statuses or posts is tens of KB. */
export const MAX_PLATFORM_RESPONSE_BYTES = 5 * 1024 * 1024;
/** Instances move (a renamed host, http to https); more hops than this is a loop or a trick. */
const MAX_REDIRECTS = 3;

export async function fetchPlatformJson<T = unknown>(req: PlatformRequest): Promise<T> {
  const where = describeUrl(req.url);
  const timeoutMs = req.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  let status: number;
  let text: string;
  try {
    const res = await guardedRequest({
      url: req.url,
      method: req.method ?? "GET",
      headers: {
        "User-Agent": platformUserAgent(),
        Accept: "application/json",
        ...(req.json !== undefined ? { "Content-Type": "application/json" } : {}),
        ...req.headers,
      },
      body: req.json !== undefined ? JSON.stringify(req.json) : undefined,
      policy: platformDestinationPolicy(),
      timeoutMs,
      maxRedirects: MAX_REDIRECTS,
    });
    status = res.status;
    const body = await res.read({ maxBytes: MAX_PLATFORM_RESPONSE_BYTES, overflow: "fail" });
    if (!body.complete) throw new GuardedRequestError("network", `the connection to ${res.url.host} broke off`);
    text = body.bytes.toString("utf8");
  } catch (err) {
    if (!(err instanceof GuardedRequestError)) throw err;
    if (err.kind === "refused") {
      throw new AppError("forbidden", `The ${req.platform} request to ${where} was refused: ${err.reason}. ${privateHostsAdvice()}`, { platform: req.platform });
    }
    const reason =
      err.kind === "timeout"
        ? `did not answer within ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`
        : err.kind === "too_large"
          ? `answered more than ${MAX_PLATFORM_RESPONSE_BYTES / (1024 * 1024)} MB`
          : err.kind === "redirect"
            ? `could not be followed (${err.message})`
            : `could not be reached (${err.code ?? err.message})`;
    throw new UpstreamError(req.platform, `${req.platform} ${reason} for ${where}`);
  }
  if (status < 200 || status >= 300) {
    const reason = platformErrorText(text);
    throw new UpstreamError(req.platform, `${req.platform} answered ${status} for ${where}${reason ? `: ${reason}` : ""}`, status);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new UpstreamError(req.platform, `${req.platform} answered ${status} for ${where} with a body that is not JSON`, status);
  }
}

/**
 * The platform's own one-line explanation, when its error body is JSON with an `error` or `message` string
 * (e.g. "Validation failed: Text character limit of 500 characters exceeded"), so the agent can fix its input.
 * Anything else (HTML error pages) is left out.
 */
function platformErrorText(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const reason = typeof body.error === "string" ? body.error : typeof body.message === "string" ? body.message : null;
    return reason ? reason.replace(/\s+/g, " ").slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** Path and host only: query strings can carry search terms, and never a token. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return "an invalid URL";
  }
}
