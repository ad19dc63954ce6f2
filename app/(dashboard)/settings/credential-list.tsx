"use client";

import { RelativeTime } from "@/app/_components/relative-time";
import type { ReactNode } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { EmptyState } from "@/app/_components/empty-state";
import { InlineError } from "@/app/_components/inline-error";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { useMutation } from "@/app/_components/use-mutation";

/** What every revocable secret shown once (API keys, cloud runner tokens) has in common. */
export type Credential = { id: number; name: string; state: string; expiresAt: string | null; lastUsedAt: string | null };

const TONE = { active: "success", expired: "neutral", revoked: "danger" } as const;

type CredentialListProps<T extends Credential> = {
  items: T[];
  /** The table's accessible name, e.g. "API keys". */
  label: string;
  /** The word in "Revoke key <name>": key, token. */
  noun: string;
  empty: { title: string; description: string };
  /** Where DELETE revokes one. */
  revokeUrl: (item: T) => string;
  /** The small line under the name (a key's prefix, who issued a token). */
  detail: (item: T) => ReactNode;
  /** A column of the credential's own, shown after the name (a key's access). */
  column?: { header: string; cell: (item: T) => ReactNode };
};

/** A list of credentials with their state, last use and expiry, each active one revocable behind a confirmation. */
export function CredentialList<T extends Credential>({ items, label, noun, empty, revokeUrl, detail, column }: CredentialListProps<T>) {
  const { pending, error, run } = useMutation();
  if (items.length === 0) return <EmptyState className="py-8" title={empty.title} description={empty.description} />;
  return (
    <>
      <Table label={label}>
        <THead>
          <tr>
            <Th>Name</Th>
            {column ? <Th>{column.header}</Th> : null}
            <Th>State</Th>
            <Th>Last used</Th>
            <Th>Expires</Th>
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {items.map((item) => (
            <Tr key={item.id}>
              <Td>
                <span className="font-medium text-zinc-900 dark:text-zinc-100">{item.name}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{detail(item)}</span>
              </Td>
              {column ? <Td>{column.cell(item)}</Td> : null}
              <Td>
                <Badge tone={TONE[item.state as keyof typeof TONE] ?? "neutral"}>{item.state}</Badge>
              </Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{item.lastUsedAt ? <RelativeTime at={item.lastUsedAt} /> : "Never"}</Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{item.expiresAt ? <RelativeTime at={item.expiresAt} /> : "Never"}</Td>
              <Td className="text-right">
                {item.state === "active" ? (
                  <ConfirmButton
                    description={`Revoke ${noun} ${item.name}`}
                    confirmLabel="Revoke?"
                    pending={pending}
                    onConfirm={() => run(() => apiFetch(revokeUrl(item), { method: "DELETE" })).then(() => undefined)}
                  >
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
