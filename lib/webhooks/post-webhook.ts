import { StringDecoder } from "node:string_decoder";
import { guardedRequest } from "@/lib/net/guarded-request";
import { GuardedRequestError } from "@/lib/net/net-error";
import { privateReceiversAdvice } from "@/lib/webhooks/private-receivers-advice";

// One POST of one webhook delivery, through the guarded client (lib/net/guarded-request.ts). It never throws: every
// outcome, including a refused destination, comes back as a PostResult the delivery worker records. The URL is a
// secret (receivers put tokens in the path or query), so no result or error names more of it than the host.

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

export async function postWebhook(input: PostWebhookInput): Promise<PostResult> {
  const started = performance.now();
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowPrivate = input.allowPrivate ?? false;
  const result = (outcome: Omit<PostResult, "ok" | "durationMs">): PostResult => ({
    ok: outcome.status !== null && outcome.status >= 200 && outcome.status < 300,
    durationMs: Math.round(performance.now() - started),
    ...outcome,
  });
  const fail = (error: string) => result({ status: null, retryAfterS: null, excerpt: null, error });

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return fail("invalid webhook URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return fail(`unsupported URL scheme ${url.protocol} (only http and https are allowed)`);
  }

  try {
    // Sockets are kept alive and reused per host, which saves most of a sender's cost when one endpoint gets many
    // deliveries. No redirect is followed: a 3xx is reported like any other non-2xx, so a receiver cannot bounce
    // the worker to an address the guard never judged.
    const res = await guardedRequest({
      url,
      method: "POST",
      headers: buildHeaders(input.headers),
      body: input.body,
      policy: { allowPrivate },
      timeoutMs,
      keepAlive: true,
    });
    const { bytes } = await res.read({ maxBytes: EXCERPT_BYTES, overflow: "truncate" });
    // StringDecoder holds back a multi-byte character cut at the 1 KB boundary instead of emitting U+FFFD.
    const text = new StringDecoder("utf8").write(bytes);
    return result({
      status: res.status,
      retryAfterS: parseRetryAfter(firstHeader(res.headers["retry-after"])),
      // PostgreSQL text cannot hold NUL, so a receiver answering binary would make the attempt unrecordable.
      excerpt: text === "" ? null : text.replaceAll("\u0000", "\uFFFD"),
      error: null,
    });
  } catch (err) {
    if (!(err instanceof GuardedRequestError)) throw err;
    if (err.kind === "refused") return fail(allowPrivate ? `refused: ${err.reason}` : `refused: ${err.reason}. ${privateReceiversAdvice()}`);
    return fail(err.message);
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function buildHeaders(given: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  const present = new Set<string>();
  for (const [name, value] of Object.entries(given)) {
    const lower = name.toLowerCase();
    // The length is always the body's (the client sets it).
    if (lower === "content-length" || lower === "transfer-encoding") continue;
    headers[name] = value;
    present.add(lower);
  }
  if (!present.has("content-type")) headers["content-type"] = "application/json";
  if (!present.has("user-agent")) headers["user-agent"] = "outreach-dashboard-webhooks/1";
  return headers;
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
