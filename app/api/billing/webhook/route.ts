// POST /api/billing/webhook - Stripe's events, verified by their signature over the raw body (public; 400 on a bad
// signature with nothing written; a replayed event id changes nothing)
import { withPublic } from "@/lib/http/with-public";
import { readBodyText } from "@/lib/http/read-body";
import { handleStripeWebhook } from "@/lib/billing/handle-stripe-webhook";

export const runtime = "nodejs";

// Stripe's event payloads stay well under this; anything larger is not Stripe.
const MAX_EVENT_BYTES = 4 * 1024 * 1024;

export const POST = withPublic({}, async ({ req }) =>
  Response.json(await handleStripeWebhook({ rawBody: await readBodyText(req, MAX_EVENT_BYTES), signature: req.headers.get("stripe-signature") })),
);
