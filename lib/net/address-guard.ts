import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// Decides whether the server may open a connection to an address on a tenant's behalf. Webhook URLs, federated
// instance addresses and repository URLs are typed in by a tenant, so without this a URL (or a host name whose DNS
// answer) pointing at 127.0.0.1, the database on 10.x or the cloud metadata service on 169.254.169.254 would turn the
// server into a proxy into its own network. Every connection lib/net/guarded-request.ts opens is judged here.

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

export type GuardOptions = {
  // A self-hosted install whose receivers and hosts live on the same network (OUTREACH_WEBHOOK_ALLOW_PRIVATE for
  // webhooks, OUTREACH_ALLOW_PRIVATE_HOSTS for platform instances and repositories).
  allowPrivate?: boolean;
};

// Words for ipaddr.js range names, as they appear in "<ip> is <words>".
const RANGE_WORDS: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT (100.64.0.0/10) address",
  private: "a private address",
  uniqueLocal: "a private (unique-local) address",
  deprecatedSiteLocal: "a private (site-local) address",
  reserved: "a reserved address",
  benchmarking: "a reserved (benchmarking) address",
  discard: "a reserved (discard-only) address",
  as112: "a special-purpose (AS112) address",
  as112v6: "a special-purpose (AS112) address",
  amt: "a special-purpose (AMT) address",
  orchid2: "a special-purpose (ORCHID) address",
  droneRemoteIdProtocolEntityTags: "a special-purpose (DRIP) address",
  segmentRouting: "a special-purpose (segment routing) address",
};

/**
 * Classifies one IP address (v4 or v6, as Node prints it) as a destination of a request made for a tenant.
 * IPv6 forms that carry an IPv4 address (::ffff:a.b.c.d, NAT64, 6to4, Teredo) are judged by the IPv4 they reach.
 */
export function checkAddress(address: string, options: GuardOptions = {}): AddressVerdict {
  // net.isIP is what Node itself treats as a literal; anything else (e.g. the octal "0177.1" that ipaddr.js would
  // accept) is never connected to as an IP, so refusing it costs nothing.
  if (isIP(address) === 0) return refuse(address, "is not an IP address");
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return refuse(address, "is not an IP address");
  }
  const problem = parsed.kind() === "ipv4" ? classifyV4(parsed as ipaddr.IPv4) : classifyV6(parsed as ipaddr.IPv6);
  if (problem === null) return { allowed: true };
  // Even a self-hosted install has no receiver on 0.0.0.0 / ::; connecting there silently reaches this host.
  if (options.allowPrivate && !problem.unspecified) return { allowed: true };
  return refuse(address, problem.says);
}

// `says` completes the sentence "<address> ...", e.g. "is a loopback address".
type Problem = { says: string; unspecified: boolean };

function classifyV4(ip: ipaddr.IPv4): Problem | null {
  const range = ip.range();
  if (range === "unicast") return null;
  return { says: `is ${RANGE_WORDS[range] ?? "a special-purpose address"}`, unspecified: range === "unspecified" };
}

function classifyV6(ip: ipaddr.IPv6): Problem | null {
  const range = ip.range();
  const embedded = embeddedV4(ip, range);
  if (embedded) {
    const inner = classifyV4(embedded.v4);
    if (inner === null) return null;
    return { says: `${embedded.how} ${embedded.v4.toString()}, which ${inner.says}`, unspecified: inner.unspecified };
  }
  if (range === "rfc6052") return { says: "is a reserved (local-use NAT64) address", unspecified: false };
  if (range !== "unicast") {
    return { says: `is ${RANGE_WORDS[range] ?? "a special-purpose address"}`, unspecified: range === "unspecified" };
  }
  // Everything routable on the internet is in 2000::/3; the rest of "unicast" is unassigned or IPv4-compatible
  // (::a.b.c.d), which no real receiver uses.
  if (!ip.match(GLOBAL_UNICAST)) return { says: "is not a global unicast address", unspecified: false };
  return null;
}

const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

function embeddedV4(ip: ipaddr.IPv6, range: string): { v4: ipaddr.IPv4; how: string } | null {
  const p = ip.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  switch (range) {
    case "ipv4Mapped":
    case "rfc6145":
      return { v4: fromWords(p[6], p[7]), how: "maps to" };
    case "rfc6052":
      // Only the well-known /96 prefix puts the IPv4 in the last 32 bits; the local-use /48 is refused as a whole.
      return ip.match(NAT64_WELL_KNOWN) ? { v4: fromWords(p[6], p[7]), how: "translates (NAT64) to" } : null;
    case "6to4":
      return { v4: fromWords(p[1], p[2]), how: "tunnels (6to4) to" };
    case "teredo":
      // RFC 4380: the client's IPv4 is stored inverted in the last 32 bits.
      return { v4: fromWords(~p[6] & 0xffff, ~p[7] & 0xffff), how: "tunnels (Teredo) to" };
    default:
      return null;
  }
}

function refuse(address: string, says: string): AddressVerdict {
  return { allowed: false, reason: `${address} ${says}` };
}
