"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Spinner } from "@/app/_components/button";
import { useStreamEvent, useStreamReconnect } from "@/app/_components/event-stream";
import type { RunLogEvent } from "@/lib/events/types";
import { buildRunLog, mergeRunEvents } from "@/lib/runs/build-run-log";
import { LogItemView } from "./log-items";

type Props = { runId: number; running: boolean; initialEvents: RunLogEvent[]; initialHasMore: boolean };

// Enough pages to catch up after a long drop without looping forever on a server that keeps answering hasMore.
const MAX_CATCH_UP_PAGES = 20;

/**
 * The run's log, live while it runs: `run:log` events are appended (deduplicated by seq), and every (re)connection
 * of the stream fetches what was missed with `?afterSeq=`. `run:finished` re-renders the server header.
 */
export function RunLog({ runId, running, initialEvents, initialHasMore }: Props) {
  const router = useRouter();
  const [events, setEvents] = useState<RunLogEvent[]>(initialEvents);
  const [catchingUp, setCatchingUp] = useState(false);
  const lastSeq = useRef(0);
  lastSeq.current = events.length ? events[events.length - 1]!.seq : 0;

  // A server re-render (after run:finished) brings a fresh snapshot: fold it in rather than replace what streamed.
  useEffect(() => {
    setEvents((prev) => mergeRunEvents(prev, initialEvents));
  }, [initialEvents]);

  const catchUp = useCallback(async () => {
    setCatchingUp(true);
    try {
      for (let page = 0; page < MAX_CATCH_UP_PAGES; page++) {
        const res = await apiFetch<{ events: RunLogEvent[]; hasMore: boolean }>(`/api/runs/${runId}/events?afterSeq=${lastSeq.current}`);
        setEvents((prev) => mergeRunEvents(prev, res.events));
        if (res.events.length) lastSeq.current = Math.max(lastSeq.current, res.events[res.events.length - 1]!.seq);
        if (!res.hasMore) break;
      }
    } catch {
      // The next reconnect or the finished-run refresh tries again; a log view has nothing better to say.
    } finally {
      setCatchingUp(false);
    }
  }, [runId]);

  // The page was rendered from the database: a long log is fetched on in pages.
  useEffect(() => {
    if (initialHasMore) void catchUp();
  }, [initialHasMore, catchUp]);

  useStreamEvent("run:log", (ev) => {
    if (ev.runId === runId) setEvents((prev) => mergeRunEvents(prev, [ev]));
  });
  useStreamEvent("run:finished", (d) => {
    if (d.runId === runId) router.refresh();
  });
  // Every hello, the first one included, closes the gap between the server render and the subscription.
  useStreamEvent("hello", () => {
    if (running) void catchUp();
  });
  useStreamReconnect(() => router.refresh());

  const items = useMemo(() => buildRunLog(events), [events]);

  // Follow the tail while the run is live, unless the reader scrolled up to look at something.
  const end = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      following.current = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 120;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    if (running && following.current && events.length > initialEvents.length) end.current?.scrollIntoView({ block: "end" });
  }, [events.length, running, initialEvents.length]);

  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
        <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">No events yet</p>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          {running ? "The log fills in as the agent works." : "This run recorded no events."}
        </p>
        {running ? <Spinner className="mx-auto mt-4 size-5 text-indigo-500" /> : null}
      </div>
    );
  }

  return (
    <div>
      <ol aria-label="Run log" className="space-y-3">
        {items.map((item) => (
          <LogItemView key={item.key} item={item} />
        ))}
      </ol>
      {running ? (
        <p className="mt-4 ml-[7.25rem] flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400" role="status">
          <Spinner className="size-3" />
          {catchingUp ? "Catching up…" : "Running, new events appear here"}
        </p>
      ) : null}
      <div ref={end} />
    </div>
  );
}
