// POST /api/cloud-runner/usage - a relay reports a finished run made with one of this edition's tokens, metered to
// the token's organization (auth: Bearer OUTREACH_RELAY_REPORT_SECRET; cloud edition)
import { withPublic } from "@/lib/http/with-public";
import { notFound } from "@/lib/http/errors";
import { isCloudEdition } from "@/lib/edition/edition";
import { ZRelayUsageBody } from "@/lib/cloud-runner-tokens/schemas";
import { assertRelaySecret } from "@/lib/cloud-runner-tokens/assert-relay-secret";
import { recordRelayUsage } from "@/lib/cloud-runner-tokens/record-relay-usage";

// The secret is checked before the body is read or validated, so a caller without it learns nothing of the schema.
export const POST = withPublic(
  {
    body: ZRelayUsageBody,
    guard: (req) => {
      if (!isCloudEdition()) throw notFound("Route");
      assertRelaySecret(req.headers.get("authorization"));
    },
  },
  async ({ body }) => Response.json(await recordRelayUsage(body), { status: 202 }),
);
