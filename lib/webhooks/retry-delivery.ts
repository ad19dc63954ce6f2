// POST /api/webhooks/deliveries/:id/retry (SPEC 3): a `dead` delivery goes back to `pending` with `attempts = 0` and is
// sent at once. Anything not dead is refused (409): a pending one will be tried anyway, a delivered one can be
// replayed instead.
import { db } from "@/lib/db/client";
import { takeManualSend } from "@/lib/webhooks/webhook-limits";
import { publish } from "@/lib/events/bus";
import { AppError, foundOrThrow } from "@/lib/http/errors";
import { getDeliveryOrThrow } from "@/lib/webhooks/get-delivery";

export async function retryDelivery({ orgId, id, now = new Date() }: { orgId: number; id: number; now?: Date }) {
  await db.$transaction(async (tx) => {
    const row = foundOrThrow("Delivery", id, await tx.webhookDelivery.findFirst({ where: { id, organizationId: orgId }, select: { status: true } }));
    if (row.status !== "dead") throw new AppError("conflict", `Only a dead delivery can be retried; this one is ${row.status}`, { status: row.status });
    await takeManualSend({ orgId, now });
    const changed = await tx.webhookDelivery.updateMany({
      where: { id, organizationId: orgId, status: "dead" },
      data: { status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null },
    });
    if (changed.count === 0) throw new AppError("conflict", "The delivery changed meanwhile; reload and try again");
    await publish({ o: orgId, t: "webhook:due" }, tx);
  });
  return getDeliveryOrThrow({ orgId, id });
}
