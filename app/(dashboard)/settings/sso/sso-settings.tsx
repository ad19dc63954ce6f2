"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Checkbox, Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";
import type { SsoConnectionView } from "@/lib/sso/sso-connection-view";

type Props = {
  connection: SsoConnectionView | null;
  unavailable: string | null;
  myEmail: string | null;
  myEmailVerified: boolean;
  myDomain: string | null;
};

const link = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

export function SsoSettings({ connection, unavailable, myEmail, myEmailVerified, myDomain }: Props) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      {unavailable ? <InlineError message={unavailable} className="lg:col-span-2" /> : null}
      <ProviderCard connection={connection} />
      <div className="space-y-6">
        <DomainCard connection={connection} myEmail={myEmail} myEmailVerified={myEmailVerified} myDomain={myDomain} />
        <SignInCard connection={connection} />
      </div>
    </div>
  );
}

function ProviderCard({ connection }: { connection: SsoConnectionView | null }) {
  const save = useMutation();
  const remove = useMutation();
  const [notice, setNotice] = useState<string | null>(null);

  async function onSave(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const secret = String(form.get("clientSecret") ?? "");
    setNotice(null);
    const done = await save.run(() =>
      apiFetch("/api/settings/sso", {
        method: "PUT",
        body: { issuer: String(form.get("issuer") ?? "").trim(), clientId: String(form.get("clientId") ?? "").trim(), ...(secret ? { clientSecret: secret } : {}) },
      }),
    );
    if (done) setNotice(connection ? "Provider saved." : "Provider connected. Next, prove your domain.");
  }

  return (
    <Card
      title="Identity provider"
      description="From your provider's admin console: the issuer URL, and the client id and secret of an app you register there for this dashboard."
      actions={connection ? <Badge tone="success">Connected</Badge> : <Badge>Not connected</Badge>}
    >
      <form onSubmit={onSave} className="space-y-3">
        <Input id="sso-issuer" name="issuer" label="Issuer URL" placeholder="https://login.example.com" defaultValue={connection?.issuer} required inputMode="url" autoComplete="off" spellCheck={false} />
        <Input id="sso-client-id" name="clientId" label="Client id" defaultValue={connection?.clientId} required autoComplete="off" spellCheck={false} />
        <Input
          id="sso-client-secret"
          name="clientSecret"
          label="Client secret"
          type="password"
          autoComplete="new-password"
          required={!connection}
          placeholder={connection ? "Stored. Leave empty to keep it." : undefined}
          hint="Stored encrypted and never shown again."
        />
        {connection?.redirectUri ? (
          <div className="text-sm">
            <p className="font-medium text-zinc-800 dark:text-zinc-200">Redirect URI to register with the provider</p>
            <code className="mt-1 block break-all rounded-md bg-zinc-100 px-2 py-1.5 font-mono text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">{connection.redirectUri}</code>
          </div>
        ) : null}
        <InlineError message={save.error ?? remove.error} />
        <InlineNotice message={notice} />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" pending={save.pending}>
            {connection ? "Save provider" : "Connect provider"}
          </Button>
          {connection ? (
            <ConfirmButton
              variant="danger"
              description="Disconnect the identity provider"
              confirmLabel="Disconnect"
              consequences="People stop signing in through the provider and the domain is released. Members who joined through it stay members; they sign in with a password after setting one with Forgot password."
              pending={remove.pending}
              onConfirm={async () => {
                await remove.run(() => apiFetch("/api/settings/sso", { method: "DELETE" }));
              }}
            >
              Disconnect
            </ConfirmButton>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function DomainCard({ connection, myEmail, myEmailVerified, myDomain }: Omit<Props, "connection" | "unavailable"> & { connection: SsoConnectionView | null }) {
  const prove = useMutation();
  return (
    <Card title="Domain" description="Work emails of this domain are routed to your provider. Your own verified address proves it.">
      {connection?.domain ? (
        <p className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
          <Badge tone="success">Proved</Badge> <span className="font-medium">{connection.domain}</span>
        </p>
      ) : !connection ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Connect the provider first.</p>
      ) : !myEmail || !myEmailVerified ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          {myEmail ? `Verify ${myEmail} first` : "Add your work email address first"} in{" "}
          <Link href="/settings/account" className={link}>
            Settings › Account
          </Link>
          : a verified address proves its domain.
        </p>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            Your address {myEmail} is verified, so you can prove <span className="font-medium text-zinc-900 dark:text-zinc-100">{myDomain}</span>.
          </p>
          <InlineError message={prove.error} />
          <Button onClick={() => prove.run(() => apiFetch("/api/settings/sso/domain", { method: "POST" }))} pending={prove.pending}>
            Prove {myDomain}
          </Button>
        </div>
      )}
    </Card>
  );
}

function SignInCard({ connection }: { connection: SsoConnectionView | null }) {
  const save = useMutation();
  const [notice, setNotice] = useState<string | null>(null);
  if (!connection) return null;

  async function onSave(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setNotice(null);
    const done = await save.run(() =>
      apiFetch("/api/settings/sso", {
        method: "PATCH",
        body: { enabled: form.get("enabled") === "on", passwordSignInDisabled: form.get("passwordSignInDisabled") === "on", defaultRole: String(form.get("defaultRole") ?? "member") },
      }),
    );
    if (done) setNotice("Saved.");
  }

  return (
    <Card title="Sign-in" actions={connection.enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}>
      <form onSubmit={onSave} className="space-y-4">
        <Checkbox
          id="sso-enabled"
          name="enabled"
          label="People of the domain can sign in through the provider"
          hint={connection.domain ? `Continue with single sign-on on the sign-in page, with an address at ${connection.domain}.` : "Prove the domain first."}
          defaultChecked={connection.enabled}
        />
        <Select
          id="sso-default-role"
          name="defaultRole"
          label="Role for people who join this way"
          defaultValue={connection.defaultRole}
          hint="Given on a person's first sign-in; members already here keep their role."
          options={[
            { value: "member", label: "Member" },
            { value: "admin", label: "Admin" },
          ]}
        />
        <Checkbox
          id="sso-password-off"
          name="passwordSignInDisabled"
          label="Turn password sign-in off for the domain"
          hint="While single sign-on is on, people of the domain cannot sign in with a password. Turning single sign-on off lets passwords work again."
          defaultChecked={connection.passwordSignInDisabled}
        />
        <InlineError message={save.error} />
        <InlineNotice message={notice} />
        <Button type="submit" pending={save.pending}>
          Save sign-in choices
        </Button>
      </form>
    </Card>
  );
}
