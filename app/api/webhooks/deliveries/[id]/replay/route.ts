// POST /api/webhooks/deliveries/[id]/replay - sends the delivery's message again as a new delivery; 201 (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";

export const POST = withOrg({ params: z.object({ id: ZId }), role: "admin" }, async ({ orgId, params }) =>
  Response.json(await replayDelivery({ orgId, id: params.id }), { status: 201 }),
);
