"use client";

import { Badge } from "@/app/_components/badge";
import { Button, buttonClasses, Spinner } from "@/app/_components/button";
import { buildComposeUrl } from "@/lib/drafts/compose-url";
import type { DraftView } from "@/lib/drafts/draft-view";
import { BodyEditor, DraftBody } from "./draft-body";
import { DedupBadge, QualityBadge } from "./draft-badges";
import { useDateWords, type DateWords } from "./date-words";
import { isReviewable, type InboxTableMeta } from "./inbox-meta";
import { RegenerateForm } from "./regenerate-form";
import { RejectForm } from "./reject-form";
import { MarkSentDialog } from "./mark-sent-dialog";
import { CheckNow } from "@/app/_components/removal/check-now";
import type { RowNotice } from "./use-draft-actions";

/** The Draft column: status badges, the body (or its editor), any pinned message and the review actions. */
export function DraftCell({ draft, meta }: { draft: DraftView; meta: InboxTableMeta }) {
  const editing = meta.editing?.id === draft.id ? meta.editing : null;
  const notice = meta.notices[draft.id];
  return (
    <div className="min-w-0 space-y-2">
      <DraftFlags draft={draft} meta={meta} />
      {editing ? (
        <BodyEditor
          draft={draft}
          initial={editing.text}
          pending={meta.busy[draft.id] === "edit"}
          onSave={(body) => meta.onSave(draft, body)}
          onCancel={meta.onCancelEdit}
        />
      ) : (
        <DraftBody draft={draft} />
      )}
      {notice ? <NoticeView draft={draft} notice={notice} meta={meta} /> : null}
      {editing ? null : <DraftActions draft={draft} meta={meta} />}
      {meta.rejecting === draft.id ? (
        <RejectForm
          draftId={draft.id}
          pending={meta.busy[draft.id] === "reject"}
          onSubmit={(reason) => meta.onReject(draft, reason)}
          onClose={() => meta.onOpenReject(null)}
        />
      ) : null}
      {meta.regenerating === draft.id ? (
        <RegenerateForm
          draftId={draft.id}
          pending={meta.busy[draft.id] === "regenerate"}
          onSubmit={(hint) => meta.onRegenerate(draft, hint)}
          onClose={() => meta.onOpenRegenerate(null)}
        />
      ) : null}
    </div>
  );
}

/** `now` is meta.now: the server's clock at render until the page is hydrated, so both renders agree. */
function isFuture(iso: string | null, now: number): iso is string {
  return iso !== null && new Date(iso).getTime() > now;
}

/** Held at send by the account's sending limits or an opt-out (docs/sending-limits.md), while the hold lasts. */
function isHeld(draft: DraftView, now: number): boolean {
  if (!draft.heldReason || (draft.state !== "approved" && draft.state !== "armed")) return false;
  return draft.heldUntil === null || isFuture(draft.heldUntil, now);
}

function HeldBadge({ draft, now, words }: { draft: DraftView; now: number; words: DateWords }) {
  if (!isHeld(draft, now)) return null;
  return (
    // Not a Badge: the reason is a sentence and must wrap on a phone.
    <span
      data-testid={`held-${draft.id}`}
      className="inline-block rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-500/30"
    >
      {draft.heldUntil ? `Held until ${words.dateTime(draft.heldUntil)}` : "Held"}: {draft.heldReason}
    </span>
  );
}

function DraftFlags({ draft, meta }: { draft: DraftView; meta: InboxTableMeta }) {
  const words = useDateWords();
  const scheduled = isFuture(draft.scheduledSendAfter, meta.now) ? draft.scheduledSendAfter : null;
  const autoPost = autoPostFlag(draft, words);
  const any =
    draft.qualityScore !== null || draft.dedupWarning || draft.draftingRunId !== null ||
    draft.regeneratingRunId !== null || scheduled || draft.bodyEdited || autoPost !== null || isHeld(draft, meta.now);
  if (!any) return null;
  return (
    <div className="draft-line">
      <QualityBadge draft={draft} thresholds={meta.thresholds} minQuality={meta.minQuality} brief={!meta.hydrated} />
      {draft.dedupWarning ? <DedupBadge warning={draft.dedupWarning} formatDate={words.date} /> : null}
      {draft.draftingRunId !== null && draft.draftingFailure === null ? (
        <Badge tone="primary" title="The agent is still writing this reply; it cannot be approved yet">
          <Spinner className="mr-1 size-3" />
          Drafting…
        </Badge>
      ) : null}
      {draft.draftingFailure !== null ? (
        draft.draftingFailure === "runner_missing" ? (
          <Badge tone="danger" title="No agent could run here, so this reply was not drafted. Its thread says why and what to do; then press Retry.">
            No agent to draft this reply
          </Badge>
        ) : (
          <Badge tone="danger" title="The run drafting this reply ended without writing it">
            Drafting failed{draft.draftingFailure !== "ended" ? ` (${draft.draftingFailure.replace(/_/g, " ")})` : ""}
          </Badge>
        )
      ) : null}
      {draft.regeneratingRunId !== null ? (
        <Badge tone="primary" title="The agent is rewriting this draft">
          <Spinner className="mr-1 size-3" />
          Regenerating…
        </Badge>
      ) : null}
      {scheduled ? (
        <Badge tone="warning" title="Not ready to send until then">
          Scheduled for {words.dateTime(scheduled)}
        </Badge>
      ) : null}
      {draft.bodyEdited ? <Badge title="The body was edited by a reviewer">Edited</Badge> : null}
      <HeldBadge draft={draft} now={meta.now} words={words} />
      {autoPost}
    </div>
  );
}

const clip = (text: string) => (text.length > 90 ? `${text.slice(0, 89)}…` : text);

/** What auto-post is doing with an approved draft (docs/research-tools.md "Auto-post"), when it is worth a look. */
function autoPostFlag(draft: DraftView, words: DateWords) {
  const a = draft.autoPost;
  if (!a || draft.state !== "approved") return null;
  if (a.status === "failed") {
    return (
      <Badge tone="danger" title={`${a.lastError ?? "Auto-post failed"} Approve it again (after Reopen) to post it, or send it yourself.`}>
        Auto-post failed: {clip(a.lastError ?? "no reason recorded")}
      </Badge>
    );
  }
  if (a.status === "posting") {
    return (
      <Badge tone="primary" title="Auto-post is posting this draft now">
        <Spinner className="mr-1 size-3" />
        Posting…
      </Badge>
    );
  }
  if (a.status === "pending" && a.attempts > 0) {
    return (
      <Badge tone="warning" title={`Attempt ${a.attempts} of ${a.maxAttempts} failed: ${a.lastError ?? "no reason recorded"}`}>
        Auto-post retrying{a.nextAttemptAt ? ` at ${words.dateTime(a.nextAttemptAt)}` : ""}: {clip(a.lastError ?? "failed")}
      </Badge>
    );
  }
  return null;
}

function composeUrl(draft: DraftView, forumOrigin: string | null): string | null {
  if (draft.platform !== "federated" && !forumOrigin) return null;
  try {
    return buildComposeUrl(draft, { forumOrigin: forumOrigin ?? "", backendUrl: window.location.origin });
  } catch {
    return null;
  }
}

/** Only http(s) addresses become links (a stored URL is never a script). */
function safeHttpUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

const OPENABLE = new Set<DraftView["state"]>(["pending_review", "proposed", "approved", "armed"]);

function DraftActions({ draft, meta }: { draft: DraftView; meta: InboxTableMeta }) {
  const busy = meta.busy[draft.id];
  const reviewable = isReviewable(draft);
  const drafting = draft.draftingRunId !== null;
  const failedDrafting = draft.draftingFailure !== null;
  // The compose link needs the browser's own address: it appears once the page is hydrated.
  const href = meta.hydrated && OPENABLE.has(draft.state) ? composeUrl(draft, meta.forumOrigin) : null;
  const notReady = isFuture(draft.scheduledSendAfter, meta.now) || isHeld(draft, meta.now);
  const decided = draft.state === "approved" || draft.state === "armed" || draft.state === "rejected";
  // A sent public post: Check now, or a link to give first.
  const checkable = draft.removalCheck !== null;
  if (!reviewable && !href && !decided && !checkable) return null;

  return (
    <div className="draft-line">
      {reviewable && failedDrafting ? (
        <>
          <Button size="sm" onClick={() => meta.onRetryDrafting(draft)} pending={busy === "retry"} disabled={Boolean(busy)} aria-label={`Retry drafting reply ${draft.id}`}>
            Retry drafting
          </Button>
          <a href={`/runs/${draft.draftingRunId}`} className={buttonClasses("link", "sm")}>
            View run log
          </a>
          <Button size="sm" variant="secondary" onClick={() => meta.onOpenReject(meta.rejecting === draft.id ? null : draft)} pending={busy === "reject"} disabled={Boolean(busy)} aria-expanded={meta.rejecting === draft.id} aria-label={`Reject draft ${draft.id}`}>
            Reject
          </Button>
        </>
      ) : reviewable ? (
        <>
          <Button
            size="sm"
            onClick={() => meta.onApprove(draft)}
            pending={busy === "approve"}
            disabled={drafting || Boolean(busy)}
            title={drafting ? "The reply is still being drafted" : "Approve (a)"}
            aria-label={`Approve draft ${draft.id}`}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => meta.onOpenReject(meta.rejecting === draft.id ? null : draft)}
            pending={busy === "reject"}
            disabled={Boolean(busy)}
            aria-expanded={meta.rejecting === draft.id}
            title="Reject (r), with an optional reason"
            aria-label={`Reject draft ${draft.id}`}
          >
            Reject
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => meta.onEdit(draft)}
            disabled={drafting || Boolean(busy)}
            title="Edit (e)"
            aria-label={`Edit draft ${draft.id}`}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => meta.onOpenRegenerate(meta.regenerating === draft.id ? null : draft)}
            disabled={drafting || draft.regeneratingRunId !== null || Boolean(busy)}
            aria-expanded={meta.regenerating === draft.id}
            aria-label={`Regenerate draft ${draft.id}`}
          >
            Regenerate
          </Button>
          {draft.canUndoRegeneration ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => meta.onUndo(draft)}
              pending={busy === "undo"}
              disabled={Boolean(busy)}
              aria-label={`Undo regeneration of draft ${draft.id}`}
            >
              Undo regeneration
            </Button>
          ) : null}
        </>
      ) : decided ? (
        <DecidedActions draft={draft} meta={meta} />
      ) : null}
      {checkable ? <CheckNow draftId={draft.id} check={draft.removalCheck!} collapsed /> : null}
      {draft.removalCheck?.url && safeHttpUrl(draft.removalCheck.url) ? (
        // Where the sent post or comment is: the link the extension saw or the reviewer gave.
        <a
          href={draft.removalCheck.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View sent draft ${draft.id} on platform`}
          title={draft.removalCheck.url}
          className={buttonClasses("link", "sm")}
        >
          View on platform ↗
        </a>
      ) : null}
      {href ? (
        // Pulled left when it is the only action, so it lines up with the body text above.
        <span className="inline-flex items-center gap-1.5 first:-ml-2.5">
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open draft ${draft.id} on platform${notReady ? " (not ready to send)" : ""}`}
            // On a phone it stays a line of text (it sits beside "Not ready"), not a 44 px button.
            className={buttonClasses("link", "sm", "max-md:h-8 max-md:px-2.5 max-md:text-xs")}
          >
            Open on platform ↗
          </a>
          {notReady ? <span className="text-xs text-amber-700 dark:text-amber-400">Not ready</span> : null}
        </span>
      ) : null}
    </div>
  );
}

/** An approved or rejected draft can go back to review; one still to be sent can be recorded as sent by hand. */
function DecidedActions({ draft, meta }: { draft: DraftView; meta: InboxTableMeta }) {
  const busy = meta.busy[draft.id];
  return (
    <>
      {draft.state !== "rejected" ? (
        <>
          <Button
            size="sm"
            variant="secondary"
            pending={busy === "send"}
            disabled={Boolean(busy)}
            aria-haspopup="dialog"
            aria-keyshortcuts="s"
            title="Mark as sent (s)"
            aria-label={`Mark draft ${draft.id} as sent`}
            onClick={() => meta.onOpenMarkSent(draft)}
          >
            Mark as sent
          </Button>
          {meta.markingSent === draft.id ? (
            <MarkSentDialog
              draft={draft}
              pending={busy === "send"}
              onSubmit={(permalink) => void meta.onMarkSent(draft, permalink)}
              onClose={() => meta.onOpenMarkSent(null)}
            />
          ) : null}
        </>
      ) : null}
      {draft.state !== "armed" ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => meta.onReopen(draft)}
          pending={busy === "reopen"}
          disabled={Boolean(busy)}
          title="Back to review, as it was before the decision"
          aria-label={`Reopen draft ${draft.id}`}
        >
          Reopen
        </Button>
      ) : null}
    </>
  );
}

function NoticeView({ draft, notice, meta }: { draft: DraftView; notice: RowNotice; meta: InboxTableMeta }) {
  const conflict = notice.tone === "conflict";
  return (
    <div
      role="alert"
      className={
        conflict
          ? "rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
          : "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
      }
    >
      <p>{notice.text}</p>
      <div className="mt-1.5 flex gap-3 text-xs font-medium">
        {notice.lostBody && isReviewable(draft) ? (
          <button type="button" className="underline hover:no-underline" onClick={() => meta.onEdit(draft, notice.lostBody)}>
            Reapply my edit
          </button>
        ) : null}
        <button type="button" className="underline hover:no-underline" onClick={() => meta.onDismissNotice(draft.id)}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
