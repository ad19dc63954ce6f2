// POST /api/webhooks/endpoints/[id]/test - Send test event: a webhook.test delivery, sent at once; 202 {deliveryId}
// (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

export const POST = withOrg({ params: z.object({ id: ZId }), role: "admin" }, async ({ orgId, params }) =>
  Response.json(await sendTestEvent({ orgId, id: params.id }), { status: 202 }),
);
