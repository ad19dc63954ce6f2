// GET /api/cloud-runner/revocations - what relays refuse: revoked token ids and tokens of organizations out of
// cloud minutes (public: random ids, read by relays as RELAY_REVOKED_URL; cloud edition)
import { withPublic } from "@/lib/http/with-public";
import { notFound } from "@/lib/http/errors";
import { isCloudEdition } from "@/lib/edition/edition";
import { relayTokenStatus } from "@/lib/cloud-runner-tokens/relay-token-status";

export const GET = withPublic({}, async () => {
  if (!isCloudEdition()) throw notFound("Route");
  return Response.json(await relayTokenStatus());
});
