// POST /api/extension/dm-sync - polled inbox items and channel liveness: stores the report, matches replies to sent
// drafts (replied, thread message, reply drafting, reply.received) (bearer)
import { withDevice } from "@/lib/http/with-device";
import { ZDmSyncBody } from "@/lib/extension/schemas";
import { syncInbox } from "@/lib/extension/sync-inbox";

// The drafting runs it starts go on in the background; nobody waits for them here.
export const POST = withDevice({ body: ZDmSyncBody }, async ({ orgId, deviceId, body }) =>
  Response.json((await syncInbox({ orgId, deviceId, body })).result),
);
