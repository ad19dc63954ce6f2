interface TokenRow {
  id: number;
  name: string;
  jti: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdBy?: { username: string } | null;
}

/** A cloud runner token as Settings lists it: never the token itself (it is shown once, when issued). */
export function tokenView(t: TokenRow, now = new Date()) {
  return {
    id: t.id,
    name: t.name,
    tokenId: t.jti,
    state: t.revokedAt ? "revoked" : t.expiresAt <= now ? "expired" : "active",
    createdBy: t.createdBy?.username ?? null,
    createdAt: t.createdAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  };
}
