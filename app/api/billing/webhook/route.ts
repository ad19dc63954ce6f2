// POST /api/billing/webhook - Stripe's events, verified by their signature over the raw body (public; 400 on a bad
// signature with nothing written; a replayed event id changes nothing)
import { withPublic } from "@/lib/http/with-public";
import { handleStripeWebhook } from "@/lib/billing/handle-stripe-webhook";

export const runtime = "nodejs";

export const POST = withPublic({}, async ({ req }) =>
  Response.json(await handleStripeWebhook({ rawBody: await req.text(), signature: req.headers.get("stripe-signature") })),
);
