// Replay: sends any delivery's message again, as a new delivery with the same body and webhook-id (so a receiver
// that deduplicates on it sees the replay for what it is), to the same endpoint, at once. The original keeps its log.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { takeManualSend } from "@/lib/webhooks/webhook-limits";
import { publish } from "@/lib/events/bus";
import { AppError, foundOrThrow } from "@/lib/http/errors";
import { getDeliveryOrThrow } from "@/lib/webhooks/get-delivery";

export async function replayDelivery({ orgId, id, now = new Date() }: { orgId: number; id: number; now?: Date }) {
  const created = await db.$transaction(async (tx) => {
    const original = foundOrThrow(
      "Delivery",
      id,
      await tx.webhookDelivery.findFirst({
        where: { id, organizationId: orgId },
        select: { endpointId: true, notificationId: true, webhookId: true, eventType: true, messageId: true, payload: true, endpoint: { select: { enabled: true } } },
      }),
    );
    if (!original.endpoint.enabled) throw new AppError("conflict", "The endpoint is disabled; enable it to replay its deliveries");
    await takeManualSend({ orgId, now });
    const copy = await tx.webhookDelivery.create({
      data: {
        organizationId: orgId,
        endpointId: original.endpointId,
        notificationId: original.notificationId,
        webhookId: original.webhookId,
        eventType: original.eventType,
        messageId: original.messageId,
        payload: original.payload as Prisma.InputJsonValue,
        replayOfId: id,
        nextAttemptAt: now,
      },
      select: { id: true },
    });
    await publish({ o: orgId, t: "webhook:due" }, tx);
    return copy;
  });
  return getDeliveryOrThrow({ orgId, id: created.id });
}
