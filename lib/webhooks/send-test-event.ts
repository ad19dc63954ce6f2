// "Send test event": a `webhook.test` delivery to one endpoint, through the same queue, signing and log as real ones
// (whatever the endpoint's event filter), so a receiver can be checked end to end. It goes out at once.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { takeManualSend } from "@/lib/webhooks/webhook-limits";
import { publish } from "@/lib/events/bus";
import { AppError, foundOrThrow } from "@/lib/http/errors";
import type { WebhookPayload } from "@/lib/webhooks/webhook-payload";

export const TEST_EVENT_TYPE = "webhook.test";

export async function sendTestEvent({ orgId, id, now = new Date() }: { orgId: number; id: number; now?: Date }) {
  return db.$transaction(async (tx) => {
    const endpoint = foundOrThrow("Webhook endpoint", id, await tx.webhookEndpoint.findFirst({ where: { id, organizationId: orgId }, select: { id: true, webhookId: true, enabled: true } }));
    if (!endpoint.enabled) throw new AppError("conflict", "The endpoint is disabled; enable it to send a test event");
    await takeManualSend({ orgId, now });
    const eventId = `evt_test_${randomUUID()}`;
    const payload: WebhookPayload = {
      id: eventId,
      type: TEST_EVENT_TYPE,
      created_at: now.toISOString(),
      organization_id: orgId,
      data: { message: "A test event sent from Settings > Webhooks. Nothing happened in the dashboard." },
    };
    const delivery = await tx.webhookDelivery.create({
      data: {
        organizationId: orgId,
        endpointId: endpoint.id,
        webhookId: endpoint.webhookId,
        eventType: TEST_EVENT_TYPE,
        messageId: `msg_${eventId}`,
        payload: payload as unknown as Prisma.InputJsonObject,
        // Only as many tries as the person will wait for.
        maxAttempts: 1,
        nextAttemptAt: now,
      },
      select: { id: true },
    });
    await publish({ o: orgId, t: "webhook:due" }, tx);
    return { deliveryId: delivery.id };
  });
}
