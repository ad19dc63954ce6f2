"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button, Spinner } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";

type Props = {
  projectId: number;
  /** The live project_extraction run, if any (SPEC: the button is disabled while one is alive). */
  liveRunId: number | null;
  hasSource: boolean;
};

/** Auto-extract (POST /api/projects/[id]/extract): the project-extractor reads the project's source and writes the description. */
export function AutoExtractButton({ projectId, liveRunId, hasSource }: Props) {
  const router = useRouter();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = liveRunId !== null;

  async function start() {
    setStarting(true);
    setError(null);
    try {
      await apiFetch<{ runId: number; alreadyRunning?: boolean }>(`/api/projects/${projectId}/extract`, { method: "POST", body: {} });
      // The page re-reads the live run (Extracting…); run:started does the same for other tabs.
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStarting(false);
    }
  }

  const title = running
    ? "An extraction run is reading the project's source; the description updates when it finishes."
    : hasSource
      ? "Read the project's source and write the description"
      : "Give the project a source (Edit) to extract the description from it";

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex items-center gap-3">
        {running ? (
          <Link href={`/runs/${liveRunId}`} className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            View log
          </Link>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          onClick={start}
          pending={starting}
          disabled={running || !hasSource}
          title={title}
          aria-label={running ? "Extracting…" : "Auto-extract"}
        >
          {running ? (
            <>
              <Spinner />
              Extracting…
            </>
          ) : (
            "Auto-extract"
          )}
        </Button>
      </div>
      <InlineError message={error} className="max-w-sm" />
    </div>
  );
}
