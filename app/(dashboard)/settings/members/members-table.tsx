"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { LocalTime } from "@/app/_components/local-time";
import { InlineError } from "@/app/_components/inline-error";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { useMutation } from "@/app/_components/use-mutation";

type Role = "owner" | "admin" | "member";
export type MemberItem = { id: number; username: string; role: Role; joinedAt: string; you: boolean };

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };
const TONE = { owner: "primary", admin: "warning", member: "neutral" } as const;

/** Admins change roles and remove people; anything about an owner takes an owner (the server checks the same). */
export function MembersTable({ members, callerRole }: { members: MemberItem[]; callerRole: Role }) {
  const { pending, error, run } = useMutation();
  const isAdmin = RANK[callerRole] >= RANK.admin;
  const isOwner = callerRole === "owner";
  const canManage = (m: MemberItem) => isAdmin && (isOwner || m.role !== "owner");

  return (
    <>
      <Table label="Members">
        <THead>
          <tr>
            <Th>Member</Th>
            <Th>Role</Th>
            <Th>Joined</Th>
            {isAdmin ? (
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            ) : null}
          </tr>
        </THead>
        <TBody>
          {members.map((m) => (
            <Tr key={m.id}>
              <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                {m.username} {m.you ? <Badge className="ml-1">you</Badge> : null}
              </Td>
              <Td>
                {canManage(m) ? (
                  <select
                    aria-label={`Role of ${m.username}`}
                    value={m.role}
                    disabled={pending}
                    onChange={(e) => run(() => apiFetch(`/api/members/${m.id}`, { method: "PATCH", body: { role: e.target.value } }))}
                    className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
                  >
                    {isOwner ? <option value="owner">owner</option> : null}
                    <option value="admin">admin</option>
                    <option value="member">member</option>
                  </select>
                ) : (
                  <Badge tone={TONE[m.role]}>{m.role}</Badge>
                )}
              </Td>
              <Td className="text-zinc-500 dark:text-zinc-400"><LocalTime at={m.joinedAt} show="date" /></Td>
              {isAdmin ? (
                <Td className="text-right">
                  {canManage(m) && !m.you ? (
                    <ConfirmButton
                      description={`Remove ${m.username}`}
                      confirmLabel="Remove?"
                      consequences={`${m.username} loses access at once. The API keys they made and the browser extensions they paired for this organization stop working.`}
                      pending={pending}
                      onConfirm={() => run(() => apiFetch(`/api/members/${m.id}`, { method: "DELETE" })).then(() => undefined)}
                    >
                      Remove
                    </ConfirmButton>
                  ) : null}
                </Td>
              ) : null}
            </Tr>
          ))}
        </TBody>
      </Table>
      <InlineError message={error} className="m-4" />
    </>
  );
}
