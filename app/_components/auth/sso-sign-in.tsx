"use client";

// "Continue with single sign-on": the work email finds its organization's provider (POST /api/auth/sso), then
// next-auth's sign-in for that provider (with its CSRF token) gives the provider's address to go to (docs/sso.md).
import { useState, type FormEvent } from "react";
import { Button } from "../button";
import { InlineError } from "../inline-error";
import { Input } from "../input";
import { safeNextUrl } from "@/lib/auth/safe-next-url";

export function SsoSignIn({ next, initialError, startOpen }: { next?: string; initialError?: string | null; startOpen?: boolean }) {
  const [open, setOpen] = useState(Boolean(startOpen || initialError));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError ?? null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "");
    setPending(true);
    setError(null);
    try {
      const res = await fetch("/api/auth/sso", { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin", body: JSON.stringify({ email }) });
      const body = (await res.json().catch(() => null)) as { providerId?: string; message?: string } | null;
      if (!res.ok || !body?.providerId) {
        setError(body?.message ?? `Single sign-on could not start (${res.status})`);
        setPending(false);
        return;
      }
      const csrf = (await (await fetch("/api/auth/csrf", { credentials: "same-origin" })).json()) as { csrfToken: string };
      // next-auth answers with the provider's address (json=true) after setting its state, PKCE and nonce cookies; the
      // browser then goes there as a plain navigation (a form post could not: the pages allow form targets on this
      // origin only, and a post's redirect to the provider counts as one).
      const started = await fetch(`/api/auth/signin/${encodeURIComponent(body.providerId)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        credentials: "same-origin",
        body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: safeNextUrl(next, location.origin), json: "true" }),
      });
      const target = (await started.json().catch(() => null)) as { url?: string } | null;
      if (!started.ok || !target?.url) {
        setError("Single sign-on could not start. Try again, or sign in with your password.");
        setPending(false);
        return;
      }
      location.href = target.url;
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
      setPending(false);
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        Continue with single sign-on
      </Button>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Single sign-on">
      <Input id="sso-email" name="email" type="email" label="Work email" autoComplete="email" autoCapitalize="none" spellCheck={false} required autoFocus hint="You continue at your organization's sign-in page." />
      <InlineError message={error} />
      <Button type="submit" variant="secondary" pending={pending} className="w-full">
        Continue with single sign-on
      </Button>
    </form>
  );
}
