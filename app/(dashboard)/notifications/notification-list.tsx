"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button, LinkButton } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { EmptyState } from "@/app/_components/empty-state";
import { useStreamEvent, useStreamReconnect } from "@/app/_components/event-stream";
import { InlineError } from "@/app/_components/inline-error";
import type { NotificationPage } from "@/lib/notifications/list-notifications";
import type { NotificationKind, NotificationView } from "@/lib/notifications/schemas";
import { KIND_LOOK, KindIcon } from "./_components/kind-icon";
import { announceRead, useReadSync } from "./_components/read-sync";
import { RelativeTime, useNow } from "./_components/relative-time";

type Props = {
  initial: NotificationPage;
  kind: NotificationKind | null;
  unreadOnly: boolean;
  pageSize: number;
  serverNow: number;
  unreadToggleHref: string;
  showAllHref: string;
};

/** Newest first, as the API orders them: by created time, then id. */
function byNewest(a: NotificationView, b: NotificationView): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

function merge(current: NotificationView[], incoming: NotificationView[]): NotificationView[] {
  const seen = new Map(current.map((n) => [n.id, n]));
  for (const n of incoming) seen.set(n.id, { ...n, read: n.read || (seen.get(n.id)?.read ?? false) });
  return [...seen.values()].sort(byNewest);
}

export function NotificationList({ initial, kind, unreadOnly, pageSize, serverNow, unreadToggleHref, showAllHref }: Props) {
  const router = useRouter();
  const now = useNow(serverNow);
  const [rows, setRows] = useState(initial.notifications);
  const [unread, setUnread] = useState(initial.unread);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [marking, setMarking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function query(extra: Record<string, string> = {}): string {
    const params = new URLSearchParams({ limit: String(pageSize), grouped: "1", ...extra });
    if (kind) params.set("kind", kind);
    if (unreadOnly) params.set("unread", "1");
    return `/api/notifications?${params}`;
  }

  useStreamEvent("notification:created", ({ notification }) => {
    // The event's count is the organization's; this reader's started when they joined, so it only grows by this one.
    if (!notification.read) setUnread((u) => u + 1);
    // A new notification is unread, so it belongs under "Unread only" too; only the kind filter can leave it out.
    if (kind && notification.kind !== kind) return;
    setRows((prev) => merge(prev, [notification]));
  });

  // Whatever arrived while the stream was down: the first page again, merged into what is shown.
  useStreamReconnect(() => {
    apiFetch<NotificationPage>(query())
      .then((page) => {
        setRows((prev) => merge(prev, page.notifications));
        setUnread(page.unread);
      })
      .catch(() => undefined);
  });

  useReadSync(({ ids, unread: count }) => {
    setUnread(count);
    setRows((prev) => prev.map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, read: true } : n)));
  });

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    setError(null);
    try {
      const page = await apiFetch<NotificationPage>(query({ cursor }));
      setRows((prev) => merge(prev, page.notifications));
      setCursor(page.nextCursor);
      setUnread(page.unread);
    } catch (err) {
      setError(`Could not load more: ${errorMessage(err)}`);
    } finally {
      setLoadingMore(false);
    }
  }

  async function markRead(n: NotificationView) {
    if (n.read) return;
    setRows((prev) => prev.map((x) => (x.id === n.id ? { ...x, read: true } : x)));
    try {
      const res = await apiFetch<{ unread: number }>(`/api/notifications/${n.id}`, { method: "PATCH", body: { read: true } });
      announceRead({ ids: [n.id], unread: res.unread });
    } catch (err) {
      setRows((prev) => prev.map((x) => (x.id === n.id ? { ...x, read: false } : x)));
      setError(`Could not mark it read: ${errorMessage(err)}`);
    }
  }

  async function markAllRead() {
    setMarking(true);
    setError(null);
    try {
      const res = await apiFetch<{ unread: number }>("/api/notifications", { method: "POST" });
      announceRead({ ids: "all", unread: res.unread });
    } catch (err) {
      setError(`Could not mark all read: ${errorMessage(err)}`);
    } finally {
      setMarking(false);
    }
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-4">
          <UnreadToggle checked={unreadOnly} onChange={() => router.push(unreadToggleHref, { scroll: false })} />
          <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="unread-count">
            {unread === 0 ? "Nothing unread" : `${unread} unread`}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={markAllRead} pending={marking} disabled={unread === 0}>
          Mark all read
        </Button>
      </div>
      <InlineError message={error} className="mb-4" />

      {rows.length === 0 ? (
        <EmptyList kind={kind} unreadOnly={unreadOnly} showAllHref={showAllHref} />
      ) : (
        <>
          <ul
            aria-label="Notifications"
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {rows.map((n) => (
              <NotificationRow key={n.id} n={n} now={now} onRead={() => void markRead(n)} />
            ))}
          </ul>
          <div className="mt-4 flex flex-col items-center gap-2">
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {rows.length} shown{cursor ? ", more available" : ""}
            </p>
            {cursor ? (
              <Button variant="secondary" onClick={loadMore} pending={loadingMore}>
                Load more
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function NotificationRow({ n, now, onRead }: { n: NotificationView; now: number; onRead: () => void }) {
  const look = KIND_LOOK[n.kind];
  const title = (
    <>
      <span className="sr-only">{n.read ? "" : "Unread: "}</span>
      {n.title}
    </>
  );
  return (
    <li
      data-notification-id={n.id}
      data-read={n.read}
      className={cx(
        "group relative flex items-start gap-3 border-l-2 py-3.5 pr-4 pl-3.5 transition-colors",
        n.read
          ? "border-l-transparent hover:bg-zinc-50 dark:hover:bg-zinc-800/40"
          : // Only the left edge is coloured: the row dividers (divide-y) keep the list's own colour.
            "border-l-indigo-500 bg-indigo-50/50 hover:bg-indigo-50 dark:border-l-indigo-400 dark:bg-indigo-500/[0.07] dark:hover:bg-indigo-500/10",
      )}
    >
      <KindIcon kind={n.kind} />
      <div className="min-w-0 flex-1">
        <p className={cx("text-sm", n.read ? "text-zinc-700 dark:text-zinc-300" : "font-semibold text-zinc-900 dark:text-zinc-50")}>
          {n.href ? (
            // The link covers the whole row (after:inset-0); the Mark read button sits above it.
            <Link
              href={n.href}
              onClick={onRead}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-[-2px] focus-visible:after:outline-indigo-500"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        {n.body ? <p className="mt-0.5 line-clamp-2 text-sm text-zinc-500 dark:text-zinc-400">{n.body}</p> : null}
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {look?.label ?? n.kind} · <RelativeTime iso={n.createdAt} now={now} />
          {n.href ? null : <span> · its page is gone</span>}
        </p>
      </div>
      {n.read ? null : (
        <div className="relative z-10 flex shrink-0 items-center gap-3">
          <Button variant="ghost" size="sm" onClick={onRead} aria-label={`Mark read: ${n.title}`}>
            Mark read
          </Button>
          <span aria-hidden="true" className="size-2 rounded-full bg-indigo-500 dark:bg-indigo-400" />
        </div>
      )}
    </li>
  );
}

function UnreadToggle({ checked, onChange }: { checked: boolean; onChange: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={onChange}
      className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-zinc-300"
    >
      <span
        aria-hidden="true"
        className={cx(
          "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors",
          checked ? "bg-indigo-600 dark:bg-indigo-500" : "bg-zinc-300 dark:bg-zinc-700",
        )}
      >
        <span className={cx("size-4 rounded-full bg-white shadow-sm transition-transform", checked ? "translate-x-[1.125rem]" : "translate-x-0.5")} />
      </span>
      Unread only
    </button>
  );
}

function EmptyList({ kind, unreadOnly, showAllHref }: { kind: NotificationKind | null; unreadOnly: boolean; showAllHref: string }) {
  const look = kind ? KIND_LOOK[kind] : null;
  const filtered = kind !== null || unreadOnly;
  const title = unreadOnly ? (look ? `Nothing unread in ${look.tab.toLowerCase()}` : "Nothing unread") : look ? look.empty : "You're all caught up";
  const description = unreadOnly
    ? "Everything here has been read. Turn off “Unread only” to see past notifications."
    : look
      ? look.emptyHint
      : "No notifications yet. Finished and failed runs, drafts waiting for review and replies to your messages will appear here.";
  return (
    <EmptyState
      title={title}
      description={description}
      icon={
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-5" aria-hidden="true">
          <path d="M5 8.5a5 5 0 0 1 10 0c0 3.2 1.2 4.8 1.8 5.5H3.2C3.8 13.3 5 11.7 5 8.5Z" strokeLinejoin="round" />
          <path d="M8.2 16.5a1.9 1.9 0 0 0 3.6 0" strokeLinecap="round" />
        </svg>
      }
      action={filtered ? <LinkButton href={showAllHref} variant="secondary">Show all notifications</LinkButton> : null}
    />
  );
}
