"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "../api-fetch";
import { Button } from "../button";
import { InlineError } from "../inline-error";
import { Input } from "../input";

/** Asks for the address; the answer is the same whether or not an account uses it. */
export function ForgotPasswordForm() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "").trim();
    if (!email) return setError("Enter the email address of your account.");
    setPending(true);
    setError(null);
    try {
      const answer = await apiFetch<{ message: string }>("/api/auth/password-reset", { method: "POST", body: { email } });
      setSent({ email, message: answer.message });
    } catch (err) {
      setError(errorMessage(err));
    }
    setPending(false);
  }

  if (sent) {
    return (
      <div className="space-y-4" role="status">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">Check your inbox.</span> {sent.message}
        </p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Nothing after a few minutes? Look in your spam folder, check the address ({sent.email}), or{" "}
          <button type="button" onClick={() => setSent(null)} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            try again
          </button>
          .
        </p>
        <Link href="/login" className="block text-center text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Input id="email" label="Email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required autoFocus />
      <InlineError message={error} />
      <Button type="submit" pending={pending} className="w-full">
        Send reset link
      </Button>
    </form>
  );
}
