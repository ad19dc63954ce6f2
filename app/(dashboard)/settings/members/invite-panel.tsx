"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { LocalTime } from "@/app/_components/local-time";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { SecretPanel } from "@/app/_components/secret-panel";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";

export type InviteItem = { id: number; role: string; email: string | null; createdBy: string | null; expiresAt: string };
type Made = { url: string; email: string | null; mailed: boolean; mailProblem: string | null };

/**
 * Invitation links: made here, shown once (only a hash is kept), single-use, valid for a week. With an email address
 * the link is also mailed there when this install sends mail (`mailProblem` says why not otherwise).
 */
export function InvitePanel({ invites, canInviteOwners, mailProblem }: { invites: InviteItem[]; canInviteOwners: boolean; mailProblem: string | null }) {
  const { pending, error, run } = useMutation();
  const [made, setMade] = useState<Made | null>(null);

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const role = String(form.get("role") ?? "member");
    const email = String(form.get("email") ?? "").trim();
    const answer = await run(() => apiFetch<Made>("/api/invites", { method: "POST", body: email ? { role, email } : { role } }));
    if (answer) setMade(answer);
  }

  const roles = [
    { value: "member", label: "Member: reviews and sends" },
    { value: "admin", label: "Admin: also manages members and settings" },
    ...(canInviteOwners ? [{ value: "owner", label: "Owner: also billing and deletion" }] : []),
  ];

  return (
    <Card
      title="Invite someone"
      description={mailProblem ? "Make a link and send it to them yourself. Each link lets one person join and expires after 7 days." : "Make a link, mailed to them if you give their address. Each link lets one person join and expires after 7 days."}
    >
      <div className="space-y-5">
        {made ? (
          <SecretPanel secret={made.url} label="Invitation link" title="Invitation link" onDismiss={() => setMade(null)}>
            {made.mailed ? `Mailed to ${made.email}. ` : ""}
            {made.mailProblem ? <span className="block text-amber-800 dark:text-amber-300">{made.mailProblem}</span> : null}
            Copy it now if you need it: it is shown only once. Whoever opens it can join with the role you chose.
          </SecretPanel>
        ) : (
          <form onSubmit={create} className="space-y-3" noValidate>
            <Select id="invite-role" name="role" label="Role" options={roles} defaultValue="member" />
            <Input
              id="invite-email"
              name="email"
              label="Email address"
              type="email"
              autoComplete="off"
              optional
              hint={mailProblem ?? "The link is mailed there, and their sign-up starts with this address."}
            />
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
                    {i.email ? <span className="break-all text-zinc-700 dark:text-zinc-300"> · {i.email}</span> : null}
                    <span className="text-zinc-500 dark:text-zinc-400">
                      {" "}
                      · by {i.createdBy ?? "someone"} · expires <LocalTime at={i.expiresAt} show="date" />
                    </span>
                  </span>
                  <ConfirmButton
                    description={`Revoke the ${i.role} invitation${i.email ? ` for ${i.email}` : ""}`}
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
