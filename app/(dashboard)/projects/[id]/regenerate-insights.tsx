"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button, Spinner } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";

/**
 * Regenerate now (POST /api/projects/[id]/insights). While a project_insights run is alive it shows "Writing the
 * brief…" with a link to the run log; the page re-renders on run:finished (RefreshOnStream) and shows the new brief.
 */
export function RegenerateInsights({ projectId, liveRunId }: { projectId: number; liveRunId: number | null }) {
  const router = useRouter();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function regenerate() {
    setStarting(true);
    setError(null);
    try {
      await apiFetch<{ runId: number; alreadyRunning?: boolean }>(`/api/projects/${projectId}/insights`, { method: "POST", body: { trigger: "manual" } });
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex items-center gap-3">
        {liveRunId !== null ? (
          <p role="status" className="flex items-center gap-2 text-sm text-indigo-700 dark:text-indigo-300">
            <Spinner className="size-4" />
            Writing the brief…
            <Link href={`/runs/${liveRunId}`} className="text-xs font-medium underline-offset-2 hover:underline">
              View run log
            </Link>
          </p>
        ) : null}
        <Button size="sm" onClick={regenerate} pending={starting} disabled={liveRunId !== null}>
          Regenerate now
        </Button>
      </div>
      <InlineError message={error} className="max-w-md" />
    </div>
  );
}
