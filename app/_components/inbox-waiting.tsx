"use client";

import { useEffect, useRef, useState } from "react";
import { apiFetch } from "./api-fetch";
import { useStreamEvent, useStreamReconnect } from "./event-stream";

// A run writing fifty drafts is one recount, not fifty.
const COALESCE_MS = 500;

/**
 * The number of drafts waiting for review, beside the sidebar's Inbox link: rendered by the server with the page,
 * then re-read (GET /api/drafts/counts) whenever the live stream says drafts changed.
 */
export function useInboxWaiting(initial: number | null): number | null {
  const [waiting, setWaiting] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A server render after navigation brings a fresher number.
  useEffect(() => setWaiting(initial), [initial]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      apiFetch<{ review: number }>("/api/drafts/counts")
        .then((c) => setWaiting(c.review))
        .catch(() => {
          // The last number stays until the next change.
        });
    }, COALESCE_MS);
  };
  useStreamEvent("drafts:changed", refresh);
  useStreamReconnect(refresh);
  return waiting;
}

export function WaitingBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const text = count > 999 ? "999+" : String(count);
  return (
    <span
      data-testid="inbox-waiting"
      title={`${count.toLocaleString("en")} ${count === 1 ? "draft" : "drafts"} waiting for review`}
      className="ml-auto rounded-full bg-indigo-600 px-1.5 py-px text-xs font-semibold text-white tabular-nums dark:bg-indigo-500"
    >
      {text}
      <span className="sr-only"> waiting for review</span>
    </span>
  );
}
