"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

/** Owners go to Stripe: Checkout to subscribe, the Customer Portal to change cards, see invoices or cancel. */
export function PlanActions({ paid, hasCustomer }: { paid: boolean; hasCustomer: boolean }) {
  const { pending, error, run } = useMutation();

  async function go(path: string) {
    const res = await run(() => apiFetch<{ url: string }>(path, { method: "POST" }), { refresh: false });
    if (res) location.href = res.url;
  }

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        {hasCustomer && paid ? (
          <Button variant="secondary" size="sm" pending={pending} onClick={() => go("/api/billing/portal")}>
            Manage subscription
          </Button>
        ) : (
          <Button size="sm" pending={pending} onClick={() => go("/api/billing/checkout")}>
            Upgrade to Pro
          </Button>
        )}
      </div>
      <InlineError message={error} className="max-w-xs" />
    </div>
  );
}
