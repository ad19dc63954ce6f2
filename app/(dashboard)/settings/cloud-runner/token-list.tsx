"use client";

import { formatDate } from "@/app/_components/format";
import { CredentialList } from "../credential-list";

export type TokenItem = { id: number; name: string; state: string; createdBy: string | null; createdAt: string; expiresAt: string; lastUsedAt: string | null };

export function TokenList({ tokens }: { tokens: TokenItem[] }) {
  return (
    <CredentialList
      items={tokens}
      label="Cloud runner tokens"
      noun="token"
      empty={{ title: "No tokens yet", description: "Issue one for each install that should run its agents on the cloud runner." }}
      revokeUrl={(t) => `/api/cloud-runner/tokens/${t.id}`}
      detail={(t) => `by ${t.createdBy ?? "someone"}, ${formatDate(t.createdAt)}`}
    />
  );
}
