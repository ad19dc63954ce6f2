"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDate, formatDateTime } from "@/app/_components/format";
import { InlineError } from "@/app/_components/inline-error";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { useMutation } from "@/app/_components/use-mutation";

export type ApiKeyItem = { id: number; name: string; role: string; prefix: string; state: string; createdBy: string | null; createdAt: string; expiresAt: string | null; lastUsedAt: string | null };

const TONE = { active: "success", expired: "neutral", revoked: "danger" } as const;

export function ApiKeyList({ keys }: { keys: ApiKeyItem[] }) {
  const { pending, error, run } = useMutation();
  if (keys.length === 0) {
    return <EmptyState className="py-8" title="No API keys yet" description="Create one for each script or agent, so each can be revoked on its own." />;
  }
  return (
    <>
      <Table label="API keys">
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Access</Th>
            <Th>Last used</Th>
            <Th>Expires</Th>
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {keys.map((k) => (
            <Tr key={k.id}>
              <Td>
                <span className="font-medium text-zinc-900 dark:text-zinc-100">{k.name}</span>{" "}
                <Badge tone={TONE[k.state as keyof typeof TONE] ?? "neutral"}>{k.state}</Badge>
                <span className="block font-mono text-xs text-zinc-500 dark:text-zinc-400">{k.prefix}…</span>
              </Td>
              <Td>{k.role === "read_only" ? "Read-only" : "Member"}</Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never"}</Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{k.expiresAt ? formatDate(k.expiresAt) : "Never"}</Td>
              <Td className="text-right">
                {k.state === "active" ? (
                  <ConfirmButton description={`Revoke key ${k.name}`} confirmLabel="Revoke?" pending={pending} onConfirm={() => run(() => apiFetch(`/api/api-keys/${k.id}`, { method: "DELETE" })).then(() => undefined)}>
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
