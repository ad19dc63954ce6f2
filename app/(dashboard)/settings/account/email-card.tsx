"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { useMutation } from "@/app/_components/use-mutation";

type Props = { email: string | null; emailVerified: boolean; mailAvailable: boolean; mailProblem: string };

/** The account's address: whether it is verified, Send again, and setting a new one (with the current password). */
export function EmailCard({ email, emailVerified, mailAvailable, mailProblem }: Props) {
  const change = useMutation();
  const resend = useMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function onChange(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setNotice(null);
    const done = await change.run(() =>
      apiFetch<{ notice: string | null }>("/api/auth/email", { method: "PUT", body: { email: String(form.get("email") ?? "").trim(), currentPassword: String(form.get("currentPassword") ?? "") } }),
    );
    if (done) {
      setNotice(done.notice ?? "Saved.");
      setFormKey((k) => k + 1);
    }
  }

  async function onResend() {
    setNotice(null);
    const sent = await resend.run(() => apiFetch<{ sentTo: string }>("/api/auth/email/verification", { method: "POST" }), { refresh: false });
    if (sent) setNotice(`A new verification link is on its way to ${sent.sentTo}. Earlier links no longer work.`);
  }

  return (
    <Card title="Email address" description="You can sign in with it, and a forgotten password is reset through it.">
      <div className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3" aria-label="Current email address" role="group">
          {email ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium break-all text-zinc-900 dark:text-zinc-100">{email}</span>
              {emailVerified ? <Badge tone="success">verified</Badge> : <Badge tone="warning">not verified</Badge>}
            </p>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No email address yet. Add one so you can reset a forgotten password.</p>
          )}
          {email && !emailVerified && mailAvailable ? (
            <Button variant="secondary" size="sm" pending={resend.pending} onClick={onResend}>
              Send again
            </Button>
          ) : null}
        </div>
        {email && !emailVerified && !mailAvailable ? <p className="text-sm text-zinc-500 dark:text-zinc-400">{mailProblem}</p> : null}
        <InlineError message={resend.error} />
        <InlineNotice message={notice} />

        <form key={formKey} onSubmit={onChange} className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800" noValidate>
          <Input id="new-email" name="email" label={email ? "New email address" : "Email address"} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required />
          <Input id="email-current-password" name="currentPassword" label="Current password" type="password" autoComplete="current-password" required hint="Asked so that nobody at an unattended screen can take your account over." />
          <InlineError message={change.error} />
          <Button type="submit" variant="secondary" pending={change.pending}>
            {email ? "Change email address" : "Add email address"}
          </Button>
        </form>
      </div>
    </Card>
  );
}
