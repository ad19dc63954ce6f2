"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

/**
 * Pause stops the schedule; Resume starts it again from the next slot (slots that passed while paused are not run);
 * Start puts a campaign that has not started on its schedule, from the next slot.
 */
export function ScheduleToggle({ campaignId, state }: { campaignId: number; state: "active" | "paused" | "draft" }) {
  const { pending, error, run } = useMutation();
  const next = state === "active" ? "paused" : "active";
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        variant={state === "active" ? "secondary" : "primary"}
        pending={pending}
        onClick={() => run(() => apiFetch(`/api/campaigns/${campaignId}`, { method: "PATCH", body: { state: next } }))}
      >
        {state === "active" ? "Pause schedule" : state === "paused" ? "Resume schedule" : "Start schedule"}
      </Button>
      <InlineError message={error} />
    </div>
  );
}
