"use client";

// The sidebar's bell: the organization's unread count, kept current by the `notification:created` stream event, and a
// dropdown of the latest notifications. A disclosure (button + panel right after it), not an ARIA menu: the panel
// holds links and buttons reached with Tab, and Escape or a click outside closes it.
import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { KIND_LOOK, KindIcon } from "@/app/(dashboard)/notifications/_components/kind-icon";
import { announceRead, useReadSync } from "@/app/(dashboard)/notifications/_components/read-sync";
import { RelativeTime, useNow } from "@/app/(dashboard)/notifications/_components/relative-time";
import type { NotificationView } from "@/lib/notifications/schemas";
import { apiFetch, errorMessage } from "./api-fetch";
import { Spinner } from "./button";
import { cx } from "./cx";
import { useStreamEvent, useStreamReconnect } from "./event-stream";

// The brief's "latest 8": enough to act on from the sidebar; the page has the rest.
const LATEST = 8;

type Page = { notifications: NotificationView[]; unread: number; nextCursor: string | null };

export function unreadBadgeText(unread: number): string {
  return unread > 99 ? "99+" : String(unread);
}

export function NotificationBell() {
  const [items, setItems] = useState<NotificationView[]>([]);
  const [unread, setUnread] = useState(0);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const now = useNow(0);

  const load = useCallback(async () => {
    try {
      const page = await apiFetch<Page>(`/api/notifications?limit=${LATEST}&grouped=1`);
      setItems(page.notifications);
      setUnread(page.unread);
      setStatus("ready");
      setError(null);
    } catch (err) {
      setStatus((s) => (s === "ready" ? s : "error"));
      setError(errorMessage(err));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  // Whatever was created while the stream was down.
  useStreamReconnect(() => void load());

  useStreamEvent("notification:created", ({ notification }) => {
    // The event's count is the organization's; this reader's started when they joined, so it only grows by this one.
    if (!notification.read) setUnread((u) => u + 1);
    setItems((prev) => [notification, ...prev.filter((n) => n.id !== notification.id)].slice(0, LATEST));
    setAnnouncement(`New notification: ${notification.title}`);
  });

  useReadSync(({ ids, unread: count }) => {
    setUnread(count);
    setItems((prev) => prev.map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, read: true } : n)));
  });

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  async function markRead(n: NotificationView) {
    if (n.read) return;
    // Optimistic: the link navigates at once; the count follows the server's answer.
    setItems((prev) => prev.map((x) => (x.id === n.id ? { ...x, read: true } : x)));
    setUnread((u) => Math.max(0, u - 1));
    try {
      const res = await apiFetch<{ unread: number }>(`/api/notifications/${n.id}`, { method: "PATCH", body: { read: true } });
      announceRead({ ids: [n.id], unread: res.unread });
    } catch {
      void load();
    }
  }

  async function markAllRead() {
    setMarking(true);
    try {
      const res = await apiFetch<{ unread: number }>("/api/notifications", { method: "POST" });
      announceRead({ ids: "all", unread: res.unread });
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setMarking(false);
    }
  }

  const label = unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        data-unread={unread}
        onClick={() => {
          if (!open) void load();
          setOpen((o) => !o);
        }}
        className={cx(
          "relative flex size-8 items-center justify-center rounded-md text-zinc-500 transition-colors",
          "hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500",
          open && "bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100",
        )}
      >
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-5" aria-hidden="true">
          <path d="M5 8.5a5 5 0 0 1 10 0c0 3.2 1.2 4.8 1.8 5.5H3.2C3.8 13.3 5 11.7 5 8.5Z" strokeLinejoin="round" />
          <path d="M8.2 16.5a1.9 1.9 0 0 0 3.6 0" strokeLinecap="round" />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-1 -right-1.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white tabular-nums ring-2 ring-white dark:bg-red-500 dark:ring-zinc-900"
          >
            {unreadBadgeText(unread)}
          </span>
        ) : null}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>

      <div
        id={panelId}
        role="region"
        data-testid="notification-panel"
        aria-labelledby={headingId}
        hidden={!open}
        className="fixed inset-x-2 top-16 z-50 overflow-hidden rounded-lg border md:absolute md:inset-x-auto md:top-0 md:left-full md:ml-3 md:w-[24rem] border-zinc-200 bg-white shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
      >
        <div className="flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <h2 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Notifications
            {unread > 0 ? <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">{unread} unread</span> : null}
          </h2>
          <button
            type="button"
            onClick={markAllRead}
            disabled={unread === 0 || marking}
            className="inline-flex items-center gap-1.5 rounded text-xs font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:text-zinc-400 disabled:no-underline dark:text-indigo-400 dark:disabled:text-zinc-500"
          >
            {marking ? <Spinner className="size-3" /> : null}
            Mark all read
          </button>
        </div>

        {error ? (
          <p role="alert" className="border-b border-zinc-200 px-4 py-2 text-xs text-red-700 dark:border-zinc-800 dark:text-red-300">
            Could not load notifications: {error}
          </p>
        ) : null}

        {status === "loading" ? (
          <p className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-zinc-500 dark:text-zinc-400">
            <Spinner /> Loading…
          </p>
        ) : items.length === 0 && status === "ready" ? (
          <div className="px-6 py-10 text-center">
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">You&apos;re all caught up</p>
            <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              Drafts waiting for review, runs that stopped and replies will show up here.
            </p>
          </div>
        ) : (
          <ul tabIndex={0} className="max-h-[26rem] divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800" aria-label="Latest notifications">
            {items.map((n) => (
              <li key={n.id}>
                <BellItem n={n} now={now} onFollow={() => {
                  void markRead(n);
                  close(false);
                }} />
              </li>
            ))}
          </ul>
        )}

        <div className="border-t border-zinc-200 px-4 py-2.5 text-center dark:border-zinc-800">
          <Link
            href="/notifications"
            onClick={() => close(false)}
            className="rounded text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
          >
            View all
          </Link>
        </div>
      </div>
    </div>
  );
}

function BellItem({ n, now, onFollow }: { n: NotificationView; now: number; onFollow: () => void }) {
  const look = KIND_LOOK[n.kind];
  const body = (
    <>
      <KindIcon kind={n.kind} className="mt-0.5" />
      <span className="min-w-0 flex-1">
        <span className="sr-only">{look?.label ?? n.kind}: </span>
        <span className={cx("block text-sm leading-snug", n.read ? "text-zinc-600 dark:text-zinc-400" : "font-medium text-zinc-900 dark:text-zinc-100")}>
          {n.title}
        </span>
        <span className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">
          {look?.label ?? n.kind} · {now ? <RelativeTime iso={n.createdAt} now={now} /> : null}
        </span>
      </span>
      {n.read ? null : (
        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-500" title="Unread">
          <span className="sr-only">(unread)</span>
        </span>
      )}
    </>
  );
  const classes = cx(
    "flex w-full items-start gap-3 px-4 py-3 text-left transition-colors",
    "hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 dark:hover:bg-zinc-800/60",
    !n.read && "bg-indigo-50/40 dark:bg-indigo-500/[0.06]",
  );
  // A notification without a page (its run or thread is gone) can still be marked read.
  return n.href ? (
    <Link href={n.href} onClick={onFollow} className={classes} data-notification-id={n.id} data-read={n.read}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onFollow} className={classes} data-notification-id={n.id} data-read={n.read}>
      {body}
    </button>
  );
}
