"use client";

// One click to make a threshold this campaign's inbox filter default (PUT /api/campaigns/:id/inbox-quality).
import { Button } from "@/app/_components/button";
import { apiFetch } from "@/app/_components/api-fetch";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

export function ApplyThreshold({ campaignId, minQuality, label, variant = "primary" }: { campaignId: number; minQuality: number | null; label: string; variant?: "primary" | "secondary" | "ghost" }) {
  const { pending, error, run } = useMutation();
  const apply = () =>
    run(() => apiFetch(`/api/campaigns/${campaignId}/inbox-quality`, { method: "PUT", body: { minQuality } }));
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant={variant} size="sm" pending={pending} onClick={apply}>{label}</Button>
      <InlineError message={error} />
    </div>
  );
}
