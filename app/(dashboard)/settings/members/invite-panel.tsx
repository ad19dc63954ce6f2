"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { formatDate } from "@/app/_components/format";
import { InlineError } from "@/app/_components/inline-error";
import { SecretPanel } from "@/app/_components/secret-panel";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";

export type InviteItem = { id: number; role: string; createdBy: string | null; expiresAt: string };

/** Invitation links: made here, shown once (only a hash is kept), single-use, valid for a week. */
export function InvitePanel({ invites, canInviteOwners }: { invites: InviteItem[]; canInviteOwners: boolean }) {
  const { pending, error, run } = useMutation();
  const [link, setLink] = useState<string | null>(null);

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const role = String(new FormData(e.currentTarget).get("role") ?? "member");
    const made = await run(() => apiFetch<{ url: string }>("/api/invites", { method: "POST", body: { role } }));
    if (made) setLink(made.url);
  }

  const roles = [
    { value: "member", label: "Member: reviews and sends" },
    { value: "admin", label: "Admin: also manages members and settings" },
    ...(canInviteOwners ? [{ value: "owner", label: "Owner: also billing and deletion" }] : []),
  ];

  return (
    <Card title="Invite someone" description="Make a link and send it to them yourself. Each link lets one person join and expires after 7 days.">
      <div className="space-y-5">
        {link ? (
          <SecretPanel secret={link} label="Invitation link" title="Invitation link" onDismiss={() => setLink(null)}>
            Copy it now: it is shown only once. Whoever opens it can join with the role you chose.
          </SecretPanel>
        ) : (
          <form onSubmit={create} className="space-y-3">
            <Select id="invite-role" name="role" label="Role" options={roles} defaultValue="member" />
            <InlineError message={error} />
            <Button type="submit" pending={pending}>
              Create invitation link
            </Button>
          </form>
        )}

        <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Pending invitations ({invites.length})</h3>
          {invites.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">None. Used, expired and revoked links drop off this list.</p>
          ) : (
            <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Pending invitations">
              {invites.map((i) => (
                <li key={i.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-medium text-zinc-900 dark:text-zinc-100">{i.role}</span>
                    <span className="text-zinc-500 dark:text-zinc-400">
                      {" "}
                      · by {i.createdBy ?? "someone"} · expires {formatDate(i.expiresAt)}
                    </span>
                  </span>
                  <ConfirmButton
                    description={`Revoke the ${i.role} invitation`}
                    confirmLabel="Revoke?"
                    onConfirm={() => run(() => apiFetch(`/api/invites/${i.id}`, { method: "DELETE" })).then(() => undefined)}
                  >
                    Revoke
                  </ConfirmButton>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}
