// The one way the platform clients call out: a descriptive User-Agent, a 10 s timeout, and every failure turned into
// an UpstreamError that names the platform and what went wrong (never a crash, never a raw stack).
import { PLATFORM_TIMEOUT_MS, platformUserAgent, type PlatformName } from "@/lib/platforms/config";
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

export async function fetchPlatformJson<T = unknown>(req: PlatformRequest): Promise<T> {
  const where = describeUrl(req.url);
  const timeoutMs = req.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method ?? "GET",
      headers: {
        "User-Agent": platformUserAgent(),
        Accept: "application/json",
        ...(req.json !== undefined ? { "Content-Type": "application/json" } : {}),
        ...req.headers,
      },
      body: req.json !== undefined ? JSON.stringify(req.json) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "follow",
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const reason =
      e.name === "TimeoutError" || e.name === "AbortError"
        ? `did not answer within ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`
        : `could not be reached (${e.cause?.code ?? e.cause?.message ?? e.message})`;
    throw new UpstreamError(req.platform, `${req.platform} ${reason} for ${where}`);
  }
  if (!res.ok) {
    const reason = await platformErrorText(res);
    throw new UpstreamError(req.platform, `${req.platform} answered ${res.status} for ${where}${reason ? `: ${reason}` : ""}`, res.status);
  }
  try {
    return (await res.json()) as T;
  } catch {
    throw new UpstreamError(req.platform, `${req.platform} answered ${res.status} for ${where} with a body that is not JSON`, res.status);
  }
}

/**
 * The platform's own one-line explanation, when its error body is JSON with an `error` or `message` string
 * (e.g. "Validation failed: Text character limit of 500 characters exceeded"), so the agent can fix its input.
 * Anything else (HTML error pages) is drained and left out.
 */
async function platformErrorText(res: Response): Promise<string | null> {
  const text = await res.text().catch(() => "");
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
