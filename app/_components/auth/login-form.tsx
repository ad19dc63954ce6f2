"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "../button";
import { InlineError } from "../inline-error";
import { Input } from "../input";
import { safeNextUrl } from "@/lib/auth/safe-next-url";


export function LoginForm({ next }: { next?: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    try {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") }),
      });
      if (res.ok) {
        // Only a path of this origin is followed, so `?next=` cannot bounce the user to another site.
        location.href = safeNextUrl(next, location.origin);
        return;
      }
      if (res.status === 401) setError("Wrong email, username or password.");
      else if (res.status === 429) setError("Too many attempts, try again in a few minutes");
      else {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        setError(body?.message ?? `Sign in failed (${res.status})`);
      }
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Input id="username" label="Email or username" autoComplete="username" autoCapitalize="none" spellCheck={false} required autoFocus />
      <div className="space-y-1.5">
        <Input id="password" label="Password" type="password" autoComplete="current-password" required />
        <p className="text-right text-xs">
          <Link href="/forgot-password" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Forgot password?
          </Link>
        </p>
      </div>
      <InlineError message={error} />
      <Button type="submit" pending={pending} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
