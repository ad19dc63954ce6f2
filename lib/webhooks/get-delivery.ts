// One delivery with the body it sends and every attempt (when, how long, the receiver's status and first 1 KB).
import { db } from "@/lib/db/client";
import { foundOrThrow } from "@/lib/http/errors";
import { deliverySelect, toDeliveryView } from "@/lib/webhooks/delivery-view";

export async function getDeliveryOrThrow({ orgId, id }: { orgId: number; id: number }) {
  const row = foundOrThrow("Delivery", id, await db.webhookDelivery.findFirst({ where: { id, organizationId: orgId }, select: { ...deliverySelect, payload: true } }));
  const attempts = await db.webhookAttempt.findMany({
    where: { organizationId: orgId, deliveryId: id },
    orderBy: { id: "asc" },
    select: { attempt: true, startedAt: true, durationMs: true, statusCode: true, error: true, responseExcerpt: true },
  });
  const { payload, ...rest } = row;
  return { ...toDeliveryView(rest), payload, attemptLog: attempts };
}
