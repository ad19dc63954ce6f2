"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

/**
 * Generate preview: runs the campaign-skill-generator without touching the campaign's profile. Disabled while a
 * generation runs, and, with the reason under it, while the runner cannot run one (as Run now is).
 */
export function GeneratePreviewButton({ campaignId, disabled, blockedReason = null }: { campaignId: number; disabled: boolean; blockedReason?: string | null }) {
  const { pending, error, run } = useMutation();
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        onClick={() => run(() => apiFetch(`/api/campaigns/${campaignId}/skill-runs`, { method: "POST", body: { mode: "preview" } }))}
        pending={pending}
        disabled={disabled || blockedReason !== null}
        title={blockedReason ?? undefined}
        aria-describedby={blockedReason ? "generate-preview-blocked" : undefined}
      >
        Generate preview
      </Button>
      {blockedReason ? (
        <p id="generate-preview-blocked" className="max-w-64 text-xs text-zinc-500 sm:text-right dark:text-zinc-400" data-testid="generate-preview-blocked">
          {blockedReason}
        </p>
      ) : null}
      <InlineError message={error} />
    </div>
  );
}

/** Adopt copies the generated profile into the campaign (and activates a draft campaign); Discard only marks the run. */
export function TuningDecision({ campaignId, runId }: { campaignId: number; runId: number }) {
  const adopt = useMutation();
  const discard = useMutation();
  const busy = adopt.pending || discard.pending;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex gap-2">
        <Button
          variant="secondary"
          onClick={() => discard.run(() => apiFetch(`/api/campaigns/${campaignId}/skill-runs/${runId}/discard`, { method: "POST" }))}
          pending={discard.pending}
          disabled={busy}
        >
          Discard
        </Button>
        <Button
          onClick={() => adopt.run(() => apiFetch(`/api/campaigns/${campaignId}/skill-runs/${runId}/adopt`, { method: "POST" }))}
          pending={adopt.pending}
          disabled={busy}
        >
          Adopt
        </Button>
      </div>
      <InlineError message={adopt.error ?? discard.error} />
    </div>
  );
}
