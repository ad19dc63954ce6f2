"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "../button";
import { InlineError } from "../inline-error";
import { Input } from "../input";

// Matches the server's minimum password length for the first account.
const MIN_PASSWORD = 10;

type SignupFormProps = {
  /** An invitation link's token: the new account joins that organization instead of starting one. */
  inviteToken?: string;
};

export function SignupForm({ inviteToken }: SignupFormProps = {}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alreadySetUp, setAlreadySetUp] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const organizationName = String(form.get("organizationName") ?? "").trim();
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirm") ?? "");

    const errs: typeof fieldErrors = {};
    if (password.length < MIN_PASSWORD) errs.password = `Use at least ${MIN_PASSWORD} characters.`;
    if (confirm !== password) errs.confirm = "Passwords do not match.";
    setFieldErrors(errs);
    setError(null);
    setAlreadySetUp(false);
    if (errs.password || errs.confirm) return;

    setPending(true);
    try {
      const res = await fetch("/api/auth/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(inviteToken ? { inviteToken, username, password } : { organizationName, username, password }),
      });
      if (res.status === 201 || res.ok) {
        location.href = "/";
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
      if (res.status === 409 && body?.error === "conflict") setAlreadySetUp(true);
      else if (res.status === 429) setError("Too many attempts, try again in a few minutes");
      else setError(body?.message ?? `Sign up failed (${res.status})`);
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {inviteToken ? null : <Input id="organizationName" label="Organization name" autoComplete="organization" required autoFocus />}
      <Input id="username" label="Username" autoComplete="username" required autoFocus={Boolean(inviteToken)} />
      <Input
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD}
        required
        hint={`At least ${MIN_PASSWORD} characters.`}
        error={fieldErrors.password}
      />
      <Input
        id="confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        error={fieldErrors.confirm}
      />
      <InlineError message={error} />
      {alreadySetUp ? (
        <InlineError>
          This installation is already set up.{" "}
          <Link href="/login" className="font-medium underline underline-offset-2">
            Sign in instead
          </Link>
          .
        </InlineError>
      ) : null}
      <Button type="submit" pending={pending} className="w-full">
        Create account
      </Button>
    </form>
  );
}
