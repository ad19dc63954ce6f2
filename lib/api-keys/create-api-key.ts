// POST /api/api-keys: a key for scripts and external agents, acting in this organization as read-only or as a
// member (never more). The key is in the answer once.
import { db } from "@/lib/db/client";
import { mintApiKey } from "@/lib/api-keys/api-key-token";
import { apiKeyView } from "@/lib/api-keys/api-key-view";
import { apiRateLimit } from "@/lib/api-keys/rate-limit";

export async function createApiKey({ orgId, userId, name, role, expiresInDays, now = new Date() }: { orgId: number; userId: number | null; name: string; role: "read_only" | "member"; expiresInDays?: number | null; now?: Date }) {
  const { key, prefix, hash } = mintApiKey();
  const row = await db.apiKey.create({
    data: {
      organizationId: orgId,
      name,
      role,
      prefix,
      tokenHash: hash,
      createdById: userId,
      createdAt: now,
      expiresAt: expiresInDays ? new Date(now.getTime() + expiresInDays * 86_400_000) : null,
      // A new key starts with a full bucket.
      bucketTokens: apiRateLimit().burst,
      bucketAt: now,
    },
    include: { createdBy: { select: { username: true } } },
  });
  return { ...apiKeyView(row, now), key };
}
