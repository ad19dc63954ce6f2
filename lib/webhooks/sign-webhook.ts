// Standard Webhooks signing (the `standardwebhooks` package): HMAC-SHA256 of `<webhook-id>.<timestamp>.<body>` with
// the endpoint's secret. During a rotation's overlap the old secret signs too, and `webhook-signature` carries both
// (space-separated), so a receiver holding either secret accepts the message.
import { Webhook } from "standardwebhooks";

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

export function signWebhook({ messageId, body, secrets, at }: { messageId: string; body: string; secrets: string[]; at: Date }): SignedHeaders {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
