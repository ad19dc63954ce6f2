// Where the platform clients reach the outside world. These variables are read when a request is made, not at boot:
// a test or the e2e server points a running process at its fake platforms by setting them, and an operator can
// switch a forum mirror without a restart. They are platform addresses, not secrets, so they sit outside lib/env.ts's
// boot-time validation on purpose; a malformed value is reported when it is used.
import { z } from "zod";
import { AppError } from "@/lib/http/errors";
import type { DestinationPolicy } from "@/lib/net/guarded-request";
import { allowPrivateHosts } from "@/lib/net/private-hosts";

export type PlatformName = "forum" | "news" | "federated";

const DEFAULT_BASE_URL: Record<PlatformName, string | null> = {
  forum: "https://www.reddit.com",
  news: "https://hn.algolia.com",
  // A federated instance is the account's own; there is no sensible public default.
  federated: null,
};

const VARIABLE: Record<PlatformName, string> = {
  forum: "OUTREACH_FORUM_BASE_URL",
  news: "OUTREACH_NEWS_BASE_URL",
  federated: "OUTREACH_FEDERATED_BASE_URL",
};

/** Upstream calls give up after 10 s (the same bound as the webhook sender's HTTP timeout, SPEC 8). */
export const PLATFORM_TIMEOUT_MS = 10_000;

const ZBaseUrl = z.url({ protocol: /^https?$/ });

/** The configured base URL of a platform, without a trailing slash. */
export function platformBaseUrl(platform: PlatformName): string {
  const variable = VARIABLE[platform];
  const raw = process.env[variable]?.trim() || DEFAULT_BASE_URL[platform];
  if (!raw) {
    throw new AppError("unprocessable", `No ${platform} instance is configured: give the account an instanceUrl in its credentials or set ${variable}`);
  }
  return normaliseBaseUrl(raw, variable);
}

export function normaliseBaseUrl(raw: string, source: string): string {
  const parsed = ZBaseUrl.safeParse(raw.trim());
  if (!parsed.success) throw new AppError("unprocessable", `${source} must be an http(s) URL, got "${raw}"`);
  return parsed.data.replace(/\/+$/, "");
}

/**
 * Forum APIs ask clients for a unique, descriptive User-Agent and throttle generic ones. An operator can set their
 * own (with a contact) through OUTREACH_PLATFORM_USER_AGENT.
 */
export function platformUserAgent(): string {
  return process.env.OUTREACH_PLATFORM_USER_AGENT?.trim() || "outreach-dashboard/0.1 (self-hosted outreach research tools; node)";
}

/** The news site's own pages (story discussions), which live apart from its search API. */
export function newsDiscussionBaseUrl(): string {
  return normaliseBaseUrl(process.env.OUTREACH_NEWS_DISCUSSION_BASE_URL?.trim() || "https://news.ycombinator.com", "OUTREACH_NEWS_DISCUSSION_BASE_URL");
}

/**
 * The origins the operator configured. They are the operator's choice, not a tenant's, so requests to exactly these
 * origins may reach private addresses (lib/net/guarded-request.ts; the tests point them at loopback fakes). The
 * built-in defaults are public hosts and are judged like any other; so is every other host, such as an account's
 * instanceUrl.
 */
export function operatorOrigins(): string[] {
  const configured = [...Object.values(VARIABLE), "OUTREACH_NEWS_DISCUSSION_BASE_URL"].map((v) => process.env[v]?.trim());
  return configured.flatMap((raw) => {
    try {
      return raw ? [new URL(raw).origin] : [];
    } catch {
      return [];
    }
  });
}

/** How the platform clients may connect: tenant hosts public only (unless the operator opts in), operator origins as configured. */
export function platformDestinationPolicy(): DestinationPolicy {
  return { allowPrivate: allowPrivateHosts(), trustedOrigins: operatorOrigins() };
}
