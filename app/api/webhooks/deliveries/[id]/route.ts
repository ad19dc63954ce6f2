// GET /api/webhooks/deliveries/[id] - one delivery with its body and every attempt (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { getDeliveryOrThrow } from "@/lib/webhooks/get-delivery";

export const GET = withOrg({ params: z.object({ id: ZId }), role: "admin" }, async ({ orgId, params }) => Response.json(await getDeliveryOrThrow({ orgId, id: params.id })));
