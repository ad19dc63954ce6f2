// What a request says about where it came from: whether the browser reached the dashboard over HTTPS (so cookies
// must be Secure) and the caller's address (for throttling). Forwarded headers are believed only when a trusted
// proxy sets them (OUTREACH_TRUST_PROXY=on): anyone can send them to a server that is reached directly.
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { peerAddressHeader } from "@/lib/http/peer-address";

export interface ProxySettings {
  /** The dashboard's configured address (OUTREACH_PUBLIC_URL); an https one makes every cookie Secure. */
  publicUrl?: string;
  /** A proxy in front sets X-Forwarded-Proto and appends to X-Forwarded-For. */
  trustProxy: boolean;
}

export function proxySettings(): ProxySettings {
  return { publicUrl: env.OUTREACH_PUBLIC_URL, trustProxy: env.OUTREACH_TRUST_PROXY };
}

/** True when the browser talks HTTPS to us: the configured URL is https, or the trusted proxy says so. */
export function isHttpsRequest(headers: Headers, settings: ProxySettings = proxySettings()): boolean {
  if (settings.publicUrl?.toLowerCase().startsWith("https://")) return true;
  if (!settings.trustProxy) return false;
  // A chain of proxies lists one value each; the first is what the browser used.
  return headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * The caller's address. Behind a trusted proxy it is the last X-Forwarded-For entry (the one the proxy appended from
 * its socket; earlier ones are whatever the client claimed). Otherwise it is the socket's own address, which the
 * server stamps on every request (lib/http/peer-address.ts); X-Forwarded-For is ignored, since the client writes it.
 */
export function clientAddress(headers: Headers, settings: ProxySettings = proxySettings()): string {
  if (settings.trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean) ?? [];
    return forwarded.at(-1) || "unknown";
  }
  return headers.get(peerAddressHeader()) || "unknown";
}

/**
 * The part of an address that throttles count: an IPv4 address whole (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address by its /64, since one subscriber is handed a whole /64 and could otherwise take a new address for
 * every attempt.
 */
export function throttleAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === "ipv4") return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/**
 * The dashboard's own origin, for links sent elsewhere (Stripe's return addresses, invitation links): the configured
 * OUTREACH_PUBLIC_URL, else the Host the browser used (with the scheme isHttpsRequest decides).
 */
export function publicOrigin(headers: Headers, settings: ProxySettings = proxySettings()): string {
  if (settings.publicUrl) return new URL(settings.publicUrl).origin;
  const host = (settings.trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : null) || headers.get("host") || "localhost";
  return `${isHttpsRequest(headers, settings) ? "https" : "http"}://${host}`;
}
