"use client";

// Reconnect / Update credentials on an account's row: the credentials form in a dialog, sent as a PATCH. New
// credentials clear the account's last success and failure, so its state reads "stored" until the platform uses them.
import { useEffect, useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Dialog } from "@/app/_components/dialog";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { useMutation } from "@/app/_components/use-mutation";

type Props = {
  accountId: number;
  handle: string;
  platform: string;
  /** The label of the button: Reconnect after a refusal, otherwise Update (or Add) credentials. */
  label: string;
  /** Opened on arrival (the campaign page's failure notice links here with ?account=<id>). */
  openOnArrival?: boolean;
};

export function AccountCredentials({ accountId, handle, platform, label, openOnArrival = false }: Props) {
  const [open, setOpen] = useState(false);
  const { pending, error, setError, run } = useMutation();
  useEffect(() => {
    if (openOnArrival) setOpen(true);
  }, [openOnArrival]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const credentials: Record<string, string> = {};
    const username = String(f.get("username") ?? "").trim();
    const instanceUrl = String(f.get("instanceUrl") ?? "").trim();
    // Passwords and tokens are sent as typed; surrounding spaces could be meaningful.
    const password = String(f.get("password") ?? "");
    const token = String(f.get("token") ?? "");
    if (username) credentials.username = username;
    if (instanceUrl) credentials.instanceUrl = instanceUrl;
    if (password) credentials.password = password;
    if (token) credentials.token = token;
    if (Object.keys(credentials).length === 0) {
      setError("Give a username and password, or a token.");
      return;
    }
    const done = await run(() => apiFetch(`/api/accounts/${accountId}`, { method: "PATCH", body: { credentials } }));
    if (done !== undefined) setOpen(false);
  }

  const formId = `account-credentials-${accountId}`;
  return (
    <>
      <Button variant={label === "Reconnect" ? "primary" : "secondary"} size="sm" onClick={() => setOpen(true)}>
        {label}
        <span className="sr-only"> {handle}</span>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Credentials of ${handle}`}
        actions={
          <>
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} size="sm" pending={pending}>
              Save credentials
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={onSubmit} className="space-y-3 text-left" autoComplete="off">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            They replace what is stored, are kept encrypted and are never shown again. The account reads &ldquo;Stored&rdquo; until the
            platform next accepts or refuses them.
          </p>
          <Input id={`${formId}-username`} name="username" label="Login username" optional autoComplete="off" />
          <Input id={`${formId}-password`} name="password" label="Password" type="password" optional autoComplete="new-password" />
          <Input
            id={`${formId}-token`}
            name="token"
            label="Token"
            type="password"
            optional
            autoComplete="off"
            hint={platform === "federated" ? "An access token of the account, from its instance's Development settings." : undefined}
          />
          {platform === "federated" ? (
            <Input id={`${formId}-instance`} name="instanceUrl" label="Instance URL" type="url" optional placeholder="https://social.example" />
          ) : null}
          <InlineError message={error} />
        </form>
      </Dialog>
    </>
  );
}
