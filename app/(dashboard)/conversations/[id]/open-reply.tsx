"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button, Spinner } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { FailureReasonChip } from "@/app/_components/run-badges";
import { BodyEditor } from "@/app/(dashboard)/inbox/_components/draft-body";
import { QualityBadge, StateBadge, type QualityThresholds } from "@/app/(dashboard)/inbox/_components/draft-badges";
import type { OpenReplyView } from "@/lib/conversations/get-thread";
import type { DraftView } from "@/lib/drafts/draft-view";

type Busy = "approve" | "reject" | "edit" | "retry" | null;

const CONFLICT_TEXT = "Someone else changed this reply meanwhile. The latest version is shown; review it and try again.";

/**
 * A reply still open in the thread: while its drafting run works, a spinner and the run log; when that run failed,
 * Retry; once drafted, the body with Approve, Edit and Reject (SPEC "Reply drafting"). Every action goes through the
 * same routes as the inbox, with the version the reviewer saw.
 */
export function OpenReply({ reply, thresholds }: { reply: OpenReplyView; thresholds: QualityThresholds }) {
  const router = useRouter();
  // The row the last PATCH answered, until the re-rendered page catches up: acting on the page's older copy in
  // between would send a stale version and meet a conflict of our own making.
  const [answered, setAnswered] = useState<DraftView | null>(null);
  const draft = answered && answered.version > reply.draft.version ? answered : reply.draft;
  const status: OpenReplyView["status"] =
    draft !== answered ? reply.status : draft.state === "approved" || draft.state === "armed" ? "approved" : "to_review";
  const [busy, setBusy] = useState<Busy>(null);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(kind: Exclude<Busy, null>, call: () => Promise<unknown>) {
    setBusy(kind);
    setError(null);
    try {
      const result = await call();
      if (kind !== "retry") setAnswered(result as DraftView);
      if (kind === "edit") setEditing(false);
    } catch (err) {
      setError(err instanceof ApiError && err.code === "version_conflict" ? CONFLICT_TEXT : errorMessage(err));
    } finally {
      setBusy(null);
      router.refresh();
    }
  }
  const patch = (body: Record<string, unknown>) => apiFetch<DraftView>(`/api/drafts/${draft.id}`, { method: "PATCH", body: { ...body, version: draft.version } });
  const retry = () => apiFetch(`/api/drafts/${draft.id}/reply-drafting`, { method: "POST", body: {} });

  const drafted = status === "to_review" || status === "approved";
  // Rejected: the thread drops it on its next render.
  if (draft.state === "rejected") {
    return (
      <p className="ml-auto w-full max-w-[min(42rem,80%)] text-right text-sm text-zinc-500 dark:text-zinc-400" role="status">
        Reply draft #{draft.id} rejected.
      </p>
    );
  }
  return (
    <section
      aria-label={`Reply draft ${draft.id}`}
      data-reply-id={draft.id}
      className="ml-auto w-full max-w-[min(42rem,80%)] rounded-lg border border-dashed border-indigo-300 bg-white p-4 shadow-xs dark:border-indigo-500/40 dark:bg-zinc-900"
    >
      <header className="mb-3 flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Your reply</h3>
        <StateBadge state={draft.state} />
        {drafted ? <QualityBadge draft={draft} thresholds={thresholds} /> : null}
        <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">Draft #{draft.id}</span>
      </header>

      {status === "drafting" ? (
        <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300" role="status">
          <Spinner className="text-indigo-600 dark:text-indigo-400" />
          Drafting a reply…
          <Link href={`/runs/${draft.draftingRunId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            View run log
          </Link>
        </p>
      ) : null}

      {status === "drafting_failed" ? (
        <div className="space-y-3">
          {reply.notStarted ? (
            <div className="space-y-1 text-sm" role="status">
              <p className="font-medium text-red-700 dark:text-red-300">No agent could draft this reply.</p>
              <p className="text-zinc-700 dark:text-zinc-300" data-testid="reply-not-started">{reply.notStarted}</p>
            </div>
          ) : (
            <p className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
              {reply.runStatus === "failed" ? "The run drafting this reply failed." : "The drafting run ended without writing the reply."}
              {reply.failureReason ? <FailureReasonChip reason={reply.failureReason} /> : null}
              <Link href={`/runs/${draft.draftingRunId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                View run log
              </Link>
            </p>
          )}
          <div className="flex gap-2">
            <Button size="sm" onClick={() => act("retry", retry)} pending={busy === "retry"} disabled={busy !== null}>
              Retry
            </Button>
            <Button size="sm" variant="danger" onClick={() => act("reject", () => patch({ state: "rejected" }))} pending={busy === "reject"} disabled={busy !== null}>
              Reject
            </Button>
          </div>
        </div>
      ) : null}

      {drafted && editing ? (
        <BodyEditor draft={draft} initial={draft.body} pending={busy === "edit"} onSave={(body) => act("edit", () => patch({ body }))} onCancel={() => setEditing(false)} />
      ) : null}

      {drafted && !editing ? (
        <div className="space-y-3">
          <p className="text-sm leading-relaxed whitespace-pre-line text-zinc-800 [overflow-wrap:anywhere] dark:text-zinc-100">{draft.body}</p>
          {draft.qualityReason ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{draft.qualityReason}</p> : null}
          {status === "approved" ? (
            <p className="text-sm text-emerald-700 dark:text-emerald-400">Approved. It is sent from the platform with the browser extension.</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {status === "to_review" ? (
              <>
                <Button size="sm" onClick={() => act("approve", () => patch({ state: "approved" }))} pending={busy === "approve"} disabled={busy !== null}>
                  Approve
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setEditing(true)} disabled={busy !== null}>
                  Edit
                </Button>
              </>
            ) : null}
            <Button size="sm" variant="danger" onClick={() => act("reject", () => patch({ state: "rejected" }))} pending={busy === "reject"} disabled={busy !== null}>
              Reject
            </Button>
          </div>
        </div>
      ) : null}

      <InlineError message={error} className="mt-3" />
    </section>
  );
}
