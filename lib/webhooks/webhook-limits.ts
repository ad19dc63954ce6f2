// What one organization may ask of the webhook sender, so a tenant cannot turn it into a request cannon: a few
// endpoints, and an hourly allowance of deliveries a person starts by hand (test events, replays, retries of dead
// deliveries). Deliveries of real notifications are not limited here; they follow what happens in the dashboard.
import type { Tx } from "@/lib/db/client";
import { AppError, rateLimited } from "@/lib/http/errors";
import { takeFromWindow } from "@/lib/auth/failure-window";

export const MAX_ENDPOINTS_PER_ORGANIZATION = 10;
export const MANUAL_SENDS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

/** Locks the organization while its endpoints are counted, so parallel creations cannot pass the cap together. */
export async function assertEndpointRoom(tx: Tx, orgId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${orgId} FOR UPDATE`;
  const count = await tx.webhookEndpoint.count({ where: { organizationId: orgId } });
  if (count >= MAX_ENDPOINTS_PER_ORGANIZATION) {
    throw new AppError("conflict", `An organization can have up to ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints. Delete one to add another.`, { limit: MAX_ENDPOINTS_PER_ORGANIZATION });
  }
}

/** Takes one of the hour's manual sends, or answers 429 with the time until the allowance is back. */
export async function takeManualSend({ orgId, now = new Date() }: { orgId: number; now?: Date }): Promise<void> {
  const wait = await takeFromWindow({ key: `webhook-manual:${orgId}`, max: MANUAL_SENDS_PER_HOUR }, HOUR_MS, now);
  if (wait !== null) {
    throw rateLimited(`This organization has sent ${MANUAL_SENDS_PER_HOUR} test events, replays and retries in the last hour. Try again later.`, wait);
  }
}
