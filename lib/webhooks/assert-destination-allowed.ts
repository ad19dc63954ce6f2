// A URL whose host is an IP address the SSRF guard refuses (loopback, private, link-local, ...) is refused when the
// endpoint is saved, so the person learns it at once rather than from a failed delivery. A host name is only judged at
// connect time (it may resolve anywhere, and differently later).
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { checkAddress } from "@/lib/net/address-guard";
import { privateReceiversAdvice } from "@/lib/webhooks/private-receivers-advice";

export function assertDestinationAllowed(url: string, allowPrivate: boolean = env.OUTREACH_WEBHOOK_ALLOW_PRIVATE): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) === 0) return;
  const verdict = checkAddress(host, { allowPrivate });
  if (!verdict.allowed) {
    throw new AppError("bad_request", `The webhook address is refused: ${verdict.reason}. ${privateReceiversAdvice()}`, { field: "url" });
  }
}
