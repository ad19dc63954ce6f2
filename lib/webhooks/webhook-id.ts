// `webhook_id` (SPEC 2 "Webhook delivery"): a short hash of the destination URL, which logs and pages show in place of
// the URL, since a URL often carries a token.
import { createHash } from "node:crypto";

export function webhookIdFor(url: string): string {
  return `wh_${createHash("sha256").update(url).digest("hex").slice(0, 12)}`;
}
