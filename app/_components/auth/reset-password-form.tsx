"use client";

import { useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "../api-fetch";
import { Button } from "../button";
import { InlineError } from "../inline-error";
import { checkNewPassword, NewPasswordFields } from "./password-fields";

/** The new password for a reset link; success signs this browser in (and every other session out). */
export function ResetPasswordForm({ token }: { token: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get("password") ?? "");
    const errs = checkNewPassword(password, String(form.get("confirm") ?? ""));
    setFieldErrors(errs);
    setError(null);
    if (errs.password || errs.confirm) return;
    setPending(true);
    try {
      const done = await apiFetch<{ signedIn: boolean }>("/api/auth/password-reset/confirm", { method: "POST", body: { token, password } });
      location.href = done.signedIn ? "/" : "/login";
      return;
    } catch (err) {
      setError(errorMessage(err));
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <NewPasswordFields errors={fieldErrors} label="New password" />
      <InlineError message={error} />
      <Button type="submit" pending={pending} className="w-full">
        Set new password and sign in
      </Button>
    </form>
  );
}
