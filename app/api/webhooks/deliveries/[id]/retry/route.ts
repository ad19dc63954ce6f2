// POST /api/webhooks/deliveries/[id]/retry - a dead delivery back to pending with attempts = 0, sent at once; 409 for
// any other status (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { retryDelivery } from "@/lib/webhooks/retry-delivery";

export const POST = withOrg({ params: z.object({ id: ZId }), role: "admin" }, async ({ orgId, params }) => Response.json(await retryDelivery({ orgId, id: params.id })));
