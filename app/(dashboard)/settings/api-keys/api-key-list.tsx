"use client";

import { CredentialList } from "../credential-list";

export type ApiKeyItem = { id: number; name: string; role: string; prefix: string; state: string; createdBy: string | null; createdAt: string; expiresAt: string | null; lastUsedAt: string | null };

export function ApiKeyList({ keys }: { keys: ApiKeyItem[] }) {
  return (
    <CredentialList
      items={keys}
      label="API keys"
      noun="key"
      empty={{ title: "No API keys yet", description: "Create one for each script or agent, so each can be revoked on its own." }}
      revokeUrl={(k) => `/api/api-keys/${k.id}`}
      // The prefix is what a person can match against the key in their script's settings.
      detail={(k) => <span className="font-mono">{k.prefix}…</span>}
      column={{ header: "Access", cell: (k) => (k.role === "read_only" ? "Read-only" : "Member") }}
    />
  );
}
