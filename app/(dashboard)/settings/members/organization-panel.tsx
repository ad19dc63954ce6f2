"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { Dialog } from "@/app/_components/dialog";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { useMutation } from "@/app/_components/use-mutation";

type Props = { name: string; role: "owner" | "admin" | "member"; otherOrganizations: number };

/** Rename (admins), leave (anyone with another organization to go to), delete after typing the name (owners). */
export function OrganizationPanel({ name, role, otherOrganizations }: Props) {
  const rename = useMutation();
  const leave = useMutation();
  const del = useMutation();
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState("");
  const admin = role !== "member";

  async function onRename(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = String(new FormData(e.currentTarget).get("name") ?? "");
    // The sidebar shows the name too: reload the whole shell, not only this page.
    const ok = await rename.run(() => apiFetch("/api/organization", { method: "PATCH", body: { name: next } }), { refresh: false });
    if (ok) location.reload();
  }

  async function onLeave() {
    const ok = await leave.run(() => apiFetch("/api/organization/leave", { method: "POST" }), { refresh: false });
    if (ok) location.href = "/";
  }

  async function onDelete() {
    const ok = await del.run(() => apiFetch("/api/organization", { method: "DELETE", body: { confirmName: typed } }), { refresh: false });
    if (ok) location.href = "/";
  }

  return (
    <Card title="Organization">
      <div className="space-y-5">
        {admin ? (
          <form onSubmit={onRename} className="flex flex-wrap items-end gap-2">
            <Input id="organization-name" name="name" label="Name" defaultValue={name} required maxLength={120} fieldClassName="min-w-56 flex-1" />
            <Button type="submit" variant="secondary" pending={rename.pending}>
              Rename
            </Button>
          </form>
        ) : null}
        <InlineError message={rename.error} />

        <div className={admin ? "space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800" : "space-y-3"}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="text-sm">
              <p className="font-medium text-zinc-900 dark:text-zinc-100">Leave {name}</p>
              <p className="text-zinc-500 dark:text-zinc-400">
                {otherOrganizations > 0 ? "You lose access to its inbox and settings until someone invites you again." : "You have no other organization to go to, so you cannot leave this one."}
              </p>
            </div>
            <ConfirmButton description={`Leave ${name}`} confirmLabel="Leave?" consequences="You lose access at once. The API keys you made and the browser extensions you paired for this organization stop working." pending={leave.pending} disabled={otherOrganizations === 0} onConfirm={onLeave}>
              Leave
            </ConfirmButton>
          </div>
          <InlineError message={leave.error} />
          {role === "owner" ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="text-sm">
                <p className="font-medium text-zinc-900 dark:text-zinc-100">Delete {name}</p>
                <p className="text-zinc-500 dark:text-zinc-400">
                  {otherOrganizations > 0
                    ? "Removes every project, campaign, draft, conversation and run in it, and ends its subscription."
                    : "This is your only organization: create or join another before deleting it."}
                </p>
              </div>
              <Button
                variant="danger"
                size="sm"
                disabled={otherOrganizations === 0}
                onClick={() => {
                  setTyped("");
                  del.setError(null);
                  setDeleting(true);
                }}
              >
                Delete organization
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      {deleting ? (
        <Dialog
          open
          onClose={() => setDeleting(false)}
          title={`Delete ${name}?`}
          actions={
            <>
              <Button variant="secondary" onClick={() => setDeleting(false)}>
                Cancel
              </Button>
              <Button variant="danger-solid" pending={del.pending} disabled={typed.trim() !== name} onClick={onDelete}>
                Delete forever
              </Button>
            </>
          }
        >
          <div className="space-y-3">
            <p>This cannot be undone. Type the organization&apos;s name to confirm.</p>
            <Input id="confirm-organization-name" label="Organization name" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            <InlineError message={del.error} />
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}
