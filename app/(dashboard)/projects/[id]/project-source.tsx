"use client";

import { useMutation } from "@/app/_components/use-mutation";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { sourceSummary, type ProjectSource } from "../source-words";
import { StorageUsageLine, type StorageFigures } from "../storage-usage-line";

/**
 * The project's source in words, with Fetch again for a repository (POST /api/projects/[id]/source/refresh, which
 * clones in the request) and the last fetch's failure, if any, while the files fetched before are still read.
 */
export function ProjectSourceLine({ projectId, source, storage }: { projectId: number; source: ProjectSource; storage: StorageFigures }) {
  const fetchAgain = useMutation();
  if (!source) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No source yet: give the project one under Edit (an archive, a Git repository) to extract its description automatically.</p>;
  }
  const failed = source.kind !== "folder" ? source.error : null;
  return (
    <div className="space-y-2" data-testid="project-source">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Source: <span className="break-all">{sourceSummary(source)}</span>
        </p>
        {source.kind === "repository" ? (
          <Button
            variant="secondary"
            size="sm"
            pending={fetchAgain.pending}
            onClick={() => fetchAgain.run(() => apiFetch(`/api/projects/${projectId}/source/refresh`, { method: "POST", body: {} }))}
          >
            {fetchAgain.pending ? "Fetching…" : "Fetch again"}
          </Button>
        ) : null}
      </div>
      {source.kind !== "folder" ? <StorageUsageLine storage={storage} /> : null}
      {failed && !fetchAgain.error ? <InlineError message={`The last fetch failed: ${failed} The files fetched before are still used.`} /> : null}
      <InlineError message={fetchAgain.error} />
    </div>
  );
}
