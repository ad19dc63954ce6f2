"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";

type Props = {
  campaignId: number;
  /** A live `campaign` run of this campaign (from the readiness read). */
  liveRunId: number | null;
  /** Why Run now is unavailable (blocking setup issues), or null. */
  blockedReason: string | null;
  /** A Free organization's cloud-run minutes this month; null when nothing is limited. */
  minutes?: { leftMinutes: number; includedMinutes: number; exhausted: boolean } | null;
  /** Admins and owners can change the plan; others are told whom to ask. */
  canUpgrade?: boolean;
};

/** Run now (POST /api/run), Running while a run of the campaign is alive, and Cancel (DELETE /api/run/[id]). */
export function RunControls({ campaignId, liveRunId, blockedReason, minutes = null, canUpgrade = false }: Props) {
  const router = useRouter();
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A plan_limit refusal (cloud runs over the plan's minutes) carries where to upgrade.
  const [upgradeUrl, setUpgradeUrl] = useState<string | null>(null);

  async function runNow() {
    setStarting(true);
    setError(null);
    setUpgradeUrl(null);
    try {
      await apiFetch<{ runId: number; alreadyRunning?: boolean }>("/api/run", { method: "POST", body: { campaignId, trigger: "manual" } });
      // The page re-reads readiness (Running, the new history row); run:started does the same for other tabs.
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
      const body = err instanceof ApiError && err.code === "plan_limit" ? (err.body as { upgradeUrl?: unknown }) : null;
      if (body && typeof body.upgradeUrl === "string") setUpgradeUrl(body.upgradeUrl);
    } finally {
      setStarting(false);
    }
  }

  async function cancel() {
    if (liveRunId === null) return;
    setCancelling(true);
    setError(null);
    try {
      await apiFetch(`/api/run/${liveRunId}`, { method: "DELETE" });
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setCancelling(false);
    }
  }

  return (
    // Right-aligned under the button while it sits at the header's right; from a phone's width the header puts it
    // under the title, on the left, and the text follows. The reason is kept narrow so it never pushes the title aside.
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap items-center gap-2">
        {liveRunId !== null ? (
          <>
            <Link href={`/runs/${liveRunId}`} className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              View live log
            </Link>
            <Button variant="danger" onClick={cancel} pending={cancelling} aria-label={`Cancel run ${liveRunId}`}>
              Cancel
            </Button>
            <Button pending>Running</Button>
          </>
        ) : (
          <Button onClick={runNow} pending={starting} disabled={blockedReason !== null} title={blockedReason ?? undefined}>
            Run now
          </Button>
        )}
      </div>
      {blockedReason && liveRunId === null ? (
        <p className="max-w-60 text-xs text-zinc-500 sm:text-right dark:text-zinc-400">{blockedReason}</p>
      ) : null}
      {minutes ? (
        <p className="max-w-60 text-xs text-zinc-500 sm:text-right dark:text-zinc-400" data-testid="minutes-left">
          {minutes.exhausted ? "No" : minutes.leftMinutes.toLocaleString("en-US")} of {minutes.includedMinutes.toLocaleString("en-US")} cloud-run minutes left this month
          {minutes.exhausted ? (
            canUpgrade ? (
              <>
                {" · "}
                <Link href="/settings/billing" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  Upgrade
                </Link>
              </>
            ) : (
              " · ask an admin to upgrade"
            )
          ) : null}
        </p>
      ) : null}
      {upgradeUrl ? (
        <InlineError className="max-w-sm">
          {error}{" "}
          <Link href={upgradeUrl} className="font-medium underline underline-offset-2">
            Upgrade the plan
          </Link>
        </InlineError>
      ) : (
        <InlineError message={error} className="max-w-sm" />
      )}
    </div>
  );
}
