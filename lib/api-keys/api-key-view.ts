// An API key as Settings and GET /api/api-keys show it: never the key or its hash, only the visible prefix.
interface ApiKeyRow {
  id: number;
  name: string;
  role: "read_only" | "member";
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdBy?: { username: string } | null;
}

export function apiKeyView(k: ApiKeyRow, now = new Date()) {
  return {
    id: k.id,
    name: k.name,
    role: k.role,
    prefix: k.prefix,
    state: k.revokedAt ? "revoked" : k.expiresAt && k.expiresAt <= now ? "expired" : "active",
    createdBy: k.createdBy?.username ?? null,
    createdAt: k.createdAt.toISOString(),
    expiresAt: k.expiresAt?.toISOString() ?? null,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  };
}
