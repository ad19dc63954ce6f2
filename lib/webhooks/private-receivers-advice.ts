// What a person can do about a webhook address that is refused for being private. A customer of the cloud edition
// has no server to configure, so no variable is named there; on a self-hosted install the reader is the operator.
import { isCloudEdition } from "@/lib/edition/edition";

export function privateReceiversAdvice(): string {
  return isCloudEdition()
    ? "Webhooks can only go to public internet addresses here."
    : "To send webhooks to a receiver on your own network, set OUTREACH_WEBHOOK_ALLOW_PRIVATE=1 on the server.";
}
