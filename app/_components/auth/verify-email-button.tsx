"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch, errorMessage } from "../api-fetch";
import { Button } from "../button";
import { InlineError } from "../inline-error";

type Joined = { organizationName: string; problem: string | null };

// A button rather than verifying on page load: mail scanners open links before people do, and would spend the link.
export function VerifyEmailButton({ token }: { token: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [verified, setVerified] = useState<{ email: string; joined: Joined[] } | null>(null);

  async function verify() {
    setPending(true);
    setError(null);
    try {
      const done = await apiFetch<{ email: string; joined: Joined[] }>("/api/auth/verify-email", { method: "POST", body: { token } });
      setVerified({ email: done.email, joined: done.joined ?? [] });
    } catch (err) {
      setError(errorMessage(err));
    }
    setPending(false);
  }

  if (verified) {
    return (
      <div className="space-y-4" role="status">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{verified.email}</span> is verified. Thank you.
        </p>
        {verified.joined.map((j) => (
          <p key={j.organizationName} className="text-sm text-zinc-700 dark:text-zinc-300">
            {j.problem ? `You could not join ${j.organizationName}: ${j.problem}` : `You joined ${j.organizationName}.`}
          </p>
        ))}
        <Link href="/" className="block text-center text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {verified.joined.some((j) => !j.problem) ? "Sign in to the dashboard" : "Go to the dashboard"}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <InlineError message={error} />
      <Button onClick={verify} pending={pending} className="w-full">
        Confirm my email address
      </Button>
    </div>
  );
}
