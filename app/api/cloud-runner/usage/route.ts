// POST /api/cloud-runner/usage - a relay reports a finished run made with one of this edition's tokens, metered to
// the token's organization (auth: Bearer OUTREACH_RELAY_REPORT_SECRET; cloud edition)
import { timingSafeEqual } from "node:crypto";
import { withPublic } from "@/lib/http/with-public";
import { AppError, notFound } from "@/lib/http/errors";
import { readEnv } from "@/lib/env";
import { isCloudEdition } from "@/lib/edition/edition";
import { ZRelayUsageBody } from "@/lib/cloud-runner-tokens/schemas";
import { recordRelayUsage } from "@/lib/cloud-runner-tokens/record-relay-usage";

export const POST = withPublic({ body: ZRelayUsageBody }, async ({ req, body }) => {
  if (!isCloudEdition()) throw notFound("Route");
  const secret = readEnv().OUTREACH_RELAY_REPORT_SECRET;
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!secret || given.length !== secret.length || !timingSafeEqual(Buffer.from(given), Buffer.from(secret))) {
    throw new AppError("unauthorized", "Relays report usage with Authorization: Bearer <OUTREACH_RELAY_REPORT_SECRET>");
  }
  return Response.json(await recordRelayUsage(body), { status: 202 });
});
