"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { checkNewPassword, NewPasswordFields } from "@/app/_components/auth/password-fields";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { useMutation } from "@/app/_components/use-mutation";

/** A new password, given the current one. Every other session of the person ends; this one stays signed in. */
export function PasswordCard() {
  const { pending, error, run } = useMutation();
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const newPassword = String(form.get("password") ?? "");
    const errs = checkNewPassword(newPassword, String(form.get("confirm") ?? ""));
    setFieldErrors(errs);
    setNotice(null);
    if (errs.password || errs.confirm) return;
    const done = await run(() => apiFetch("/api/auth/password", { method: "POST", body: { currentPassword: String(form.get("currentPassword") ?? ""), newPassword } }), { refresh: false });
    if (done) {
      setNotice("Your password was changed. Every other browser and device was signed out.");
      setFormKey((k) => k + 1);
    }
  }

  return (
    <Card title="Password" description="Changing it signs you out everywhere else; this browser stays signed in.">
      <form key={formKey} onSubmit={onSubmit} className="space-y-3" noValidate>
        <Input id="current-password" name="currentPassword" label="Current password" type="password" autoComplete="current-password" required />
        <NewPasswordFields errors={fieldErrors} label="New password" idPrefix="new-" />
        <InlineError message={error} />
        <InlineNotice message={notice} />
        <Button type="submit" variant="secondary" pending={pending}>
          Change password
        </Button>
      </form>
    </Card>
  );
}
