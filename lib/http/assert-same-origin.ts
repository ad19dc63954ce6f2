// Refuses a request another site's page made on the user's behalf (cross-site request forgery). Browsers label every
// request with Sec-Fetch-Site (a dashboard tab's own fetch says `same-origin`, a typed URL `none`, a form, image or
// script on another site `cross-site`, a sibling subdomain `same-site`) and send Origin on every non-GET request. A
// request labelled cross-site or same-site, or whose Origin is not the dashboard's own, is refused. Clients that are
// not browsers send neither and carry no victim's cookie, so they are let through.
import { AppError } from "@/lib/http/errors";
import { proxySettings, type ProxySettings } from "@/lib/http/request-origin";

const REFUSED_SITES = new Set(["cross-site", "same-site"]);
/** Methods a browser may send from anywhere without a preflight and that must change nothing. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function assertSameOrigin(req: Request, action: string, settings: ProxySettings = proxySettings()): void {
  const refusal = crossSiteReason(req.headers, settings);
  if (refusal) throw new AppError("forbidden", `${action} must be started from the dashboard's own tab (${refusal})`);
}

/** Why the request looks cross-site, or null when it does not. */
export function crossSiteReason(headers: Headers, settings: ProxySettings = proxySettings()): string | null {
  const site = headers.get("sec-fetch-site")?.toLowerCase();
  if (site && REFUSED_SITES.has(site)) return `the browser says it came from a ${site} page`;
  const origin = headers.get("origin");
  if (origin !== null && !isOwnOrigin(origin, headers, settings)) return `it came from ${origin === "null" ? "an opaque origin" : origin}`;
  return null;
}

/**
 * The Origin is the dashboard's when its host is the host the browser addressed (Host, or the trusted proxy's
 * X-Forwarded-Host) or the configured OUTREACH_PUBLIC_URL. The scheme is not compared: behind a proxy that terminates
 * TLS without OUTREACH_TRUST_PROXY the app cannot tell https from http, and no other site can own the same host.
 */
function isOwnOrigin(origin: string, headers: Headers, settings: ProxySettings): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (settings.publicUrl && new URL(settings.publicUrl).origin === url.origin) return true;
  const forwarded = settings.trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : null;
  const host = (forwarded || headers.get("host") || "").toLowerCase();
  return host !== "" && url.host.toLowerCase() === host;
}
