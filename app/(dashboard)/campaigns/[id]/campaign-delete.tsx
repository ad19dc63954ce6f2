"use client";

import { useRouter } from "next/navigation";
import { apiFetch } from "@/app/_components/api-fetch";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

export function CampaignDelete({ campaignId, name }: { campaignId: number; name: string }) {
  const router = useRouter();
  const { pending, error, run } = useMutation();

  async function onDelete() {
    const ok = await run(() => apiFetch(`/api/campaigns/${campaignId}`, { method: "DELETE" }), { refresh: false });
    if (ok !== undefined) {
      router.push("/campaigns");
      router.refresh();
    }
  }

  return (
    <div className="space-y-3">
      <ConfirmButton size="md" onConfirm={onDelete} pending={pending} confirmLabel="Delete campaign" description={`Delete campaign ${name}`} consequences="Its schedule stops. Drafts and runs it made keep their history.">
        Delete campaign
      </ConfirmButton>
      <InlineError message={error} />
    </div>
  );
}
