// POST /api/cloud-runner/tokens: a token a client (a self-hosted install) presents to the cloud runner relay,
// signed with the cloud edition's key (runner-relay/token.ts) and naming this organization, so the runs it makes
// are metered here. The token is in the answer once.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { readEnv } from "@/lib/env";
import { isCloudEdition } from "@/lib/edition/edition";
import { privateKeyFrom, signCloudToken } from "@/lib/relay-protocol/token";
import { tokenView } from "@/lib/cloud-runner-tokens/token-view";

export async function issueCloudRunnerToken({ orgId, userId, name, ttlDays, now = new Date() }: { orgId: number; userId: number | null; name: string; ttlDays: number; now?: Date }) {
  if (!isCloudEdition()) throw new AppError("not_found", "Cloud runner tokens are issued by the cloud edition");
  const key = readEnv().OUTREACH_CLOUD_SIGNING_KEY;
  // The operator area says what to set (OUTREACH_CLOUD_SIGNING_KEY); a customer is told it plainly.
  if (!key) throw new AppError("unavailable", "Cloud runner tokens cannot be issued on this service right now");
  const jti = randomUUID();
  const { token, claims } = signCloudToken({ org: orgId, ttlSeconds: ttlDays * 86_400, now, jti }, privateKeyFrom(key));
  const row = await db.cloudRunnerToken.create({
    data: { organizationId: orgId, jti, name, createdById: userId, createdAt: now, expiresAt: new Date(claims.exp * 1000) },
    include: { createdBy: { select: { username: true } } },
  });
  return { ...tokenView(row, now), token };
}
