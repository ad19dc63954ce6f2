"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { useHydrated } from "@/app/_components/use-hydrated";
import type { ThreadSummary } from "@/lib/conversations/list-threads";

type Busy = "approve" | "reject" | "retry" | null;
type Done = "approved" | "rejected" | "retrying" | null;

/**
 * The Threads tab's inline decision on a thread's pending reply (SPEC "Reply drafting"): Approve and Reject once it
 * is drafted, Retry (or Reject) when its drafting run failed. The same routes and version check as the thread page;
 * editing stays on the thread page, where the whole conversation is in view.
 */
export function ThreadReplyActions({ reply, person }: { reply: NonNullable<ThreadSummary["reply"]>; person: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<Busy>(null);
  const [done, setDone] = useState<Done>(null);
  const [error, setError] = useState<string | null>(null);
  // The row is server-rendered: a click before the scripts have run would do nothing, so the buttons wait for them.
  const hydrated = useHydrated();

  async function act(kind: Exclude<Busy, null>) {
    setBusy(kind);
    setError(null);
    try {
      if (kind === "retry") await apiFetch(`/api/drafts/${reply.draftId}/reply-drafting`, { method: "POST", body: {} });
      else await apiFetch(`/api/drafts/${reply.draftId}`, { method: "PATCH", body: { state: kind === "approve" ? "approved" : "rejected", version: reply.version } });
      setDone(kind === "approve" ? "approved" : kind === "reject" ? "rejected" : "retrying");
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === "version_conflict"
          ? "The reply changed meanwhile: open the thread to see the latest version."
          : errorMessage(err),
      );
    } finally {
      setBusy(null);
      router.refresh();
    }
  }

  if (done) {
    const text = done === "approved" ? "Reply approved." : done === "rejected" ? "Reply rejected." : "Drafting again…";
    return (
      <p role="status" className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
        {text}
      </p>
    );
  }
  if (reply.status !== "to_review" && reply.status !== "drafting_failed") return null;
  const label = `reply to ${person}`;
  return (
    <div className="mt-1.5 space-y-1.5" data-reply-actions={reply.draftId}>
      {reply.status === "to_review" ? (
        <p className="line-clamp-2 text-xs text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400" title={reply.body}>
          {reply.body}
        </p>
      ) : reply.notStarted ? (
        <p className="line-clamp-2 text-xs text-red-700 dark:text-red-300" title={reply.notStarted}>
          {reply.notStarted}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        {reply.status === "to_review" ? (
          <Button size="sm" onClick={() => act("approve")} pending={busy === "approve"} disabled={!hydrated || busy !== null} aria-label={`Approve ${label}`}>
            Approve
          </Button>
        ) : (
          <Button size="sm" onClick={() => act("retry")} pending={busy === "retry"} disabled={!hydrated || busy !== null} aria-label={`Retry drafting the ${label}`}>
            Retry
          </Button>
        )}
        <Button size="sm" variant="danger" onClick={() => act("reject")} pending={busy === "reject"} disabled={!hydrated || busy !== null} aria-label={`Reject ${label}`}>
          Reject
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
