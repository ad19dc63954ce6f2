"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { useMutation } from "@/app/_components/use-mutation";

/**
 * A quiet line above every dashboard page while the signed-in person's address is not confirmed: where the link
 * went, and Send again (a new link; earlier ones stop working). Nothing is blocked meanwhile; the address matters
 * for a forgotten password, so it is mentioned, not enforced.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div
      role="region"
      aria-label="Email address not confirmed"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-[1200px] flex-wrap items-center gap-x-3 gap-y-1 sm:px-2 md:px-4">
        <span className="min-w-0" aria-live="polite">
          {sentTo ? (
            <>A new link is on its way to <span className="font-medium break-all">{sentTo}</span>. Earlier links no longer work.</>
          ) : (
            <>
              Confirm your address: we sent a link to <span className="font-medium break-all">{email}</span>.
            </>
          )}
        </span>
        <span className="flex items-center gap-3">
          <Button
            variant="ghost"
            size="sm"
            pending={resend.pending}
            onClick={async () => {
              const sent = await resend.run(() => apiFetch<{ sentTo: string }>("/api/auth/email/verification", { method: "POST" }), { refresh: false });
              if (sent) setSentTo(sent.sentTo);
            }}
          >
            Send again
          </Button>
          <Link href="/settings/account" className="text-xs font-medium underline underline-offset-2">
            Change address
          </Link>
        </span>
        {resend.error ? <span className="w-full text-red-700 dark:text-red-300">{resend.error}</span> : null}
      </div>
    </div>
  );
}
