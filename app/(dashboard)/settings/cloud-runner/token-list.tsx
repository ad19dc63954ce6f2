"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDate, formatDateTime } from "@/app/_components/format";
import { InlineError } from "@/app/_components/inline-error";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { useMutation } from "@/app/_components/use-mutation";

export type TokenItem = { id: number; name: string; state: string; createdBy: string | null; createdAt: string; expiresAt: string; lastUsedAt: string | null };

const TONE = { active: "success", expired: "neutral", revoked: "danger" } as const;

export function TokenList({ tokens }: { tokens: TokenItem[] }) {
  const { pending, error, run } = useMutation();
  if (tokens.length === 0) {
    return <EmptyState className="py-8" title="No tokens yet" description="Issue one for each install that should run its agents on the cloud runner." />;
  }
  return (
    <>
      <Table label="Cloud runner tokens">
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>State</Th>
            <Th>Last used</Th>
            <Th>Expires</Th>
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {tokens.map((t) => (
            <Tr key={t.id}>
              <Td>
                <span className="font-medium text-zinc-900 dark:text-zinc-100">{t.name}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                  by {t.createdBy ?? "someone"}, {formatDate(t.createdAt)}
                </span>
              </Td>
              <Td>
                <Badge tone={TONE[t.state as keyof typeof TONE] ?? "neutral"}>{t.state}</Badge>
              </Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : "Never"}</Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{formatDate(t.expiresAt)}</Td>
              <Td className="text-right">
                {t.state === "active" ? (
                  <ConfirmButton description={`Revoke token ${t.name}`} confirmLabel="Revoke?" pending={pending} onConfirm={() => run(() => apiFetch(`/api/cloud-runner/tokens/${t.id}`, { method: "DELETE" })).then(() => undefined)}>
                    Revoke
                  </ConfirmButton>
                ) : null}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <InlineError message={error} className="m-4" />
    </>
  );
}
