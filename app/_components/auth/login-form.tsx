"use client";

import { useState, type FormEvent } from "react";
import { Button } from "../button";
import { InlineError } from "../inline-error";
import { Input } from "../input";

/** Only same-origin paths are followed after sign in, so `?next=` cannot bounce the user to another site. */
function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}

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
        location.href = safeNext(next);
        return;
      }
      if (res.status === 401) setError("Wrong username or password");
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
      <Input id="username" label="Username" autoComplete="username" required autoFocus />
      <Input id="password" label="Password" type="password" autoComplete="current-password" required />
      <InlineError message={error} />
      <Button type="submit" pending={pending} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
