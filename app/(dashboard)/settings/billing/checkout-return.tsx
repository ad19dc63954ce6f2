"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";

/**
 * Back from Stripe Checkout. The plan changes when Stripe's webhook arrives, which can be a moment after the
 * redirect, so the page re-reads itself for a while until the paid plan shows.
 */
export function CheckoutReturn({ outcome, paid }: { outcome: string; paid: boolean }) {
  const router = useRouter();
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (outcome !== "success" || paid) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > 60_000) {
        clearInterval(timer);
        setGaveUp(true);
        return;
      }
      router.refresh();
    }, 2_000);
    return () => clearInterval(timer);
  }, [outcome, paid, router]);

  if (outcome === "cancelled") return <InlineNotice className="mb-6" message="Checkout was cancelled. Nothing was charged." />;
  if (outcome !== "success") return null;
  if (paid) return <InlineNotice className="mb-6" message="Thank you: the subscription is active." />;
  if (gaveUp) return <InlineError className="mb-6" message="Stripe has not confirmed the payment yet. Reload this page in a minute; nothing needs doing again." />;
  return <InlineNotice className="mb-6" message="Payment received. Waiting for Stripe to confirm the subscription…" />;
}
