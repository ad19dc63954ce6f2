"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Spinner } from "@/app/_components/button";
import { useStreamEvent, useStreamLive, useStreamReconnect } from "@/app/_components/event-stream";
import type { RunLogEvent } from "@/lib/events/types";
import { buildRunLog, isTechnicalItem, mergeRunEvents } from "@/lib/runs/build-run-log";
import { EndingRow, StoryItemView } from "./log-items";
import { TechnicalItemView } from "./technical-items";

type Props = {
  runId: number;
  running: boolean;
  initialEvents: RunLogEvent[];
  initialHasMore: boolean;
  /** How the run ended, in words (lib/runs/describe-run-outcome.ts); null while it runs. */
  ending: { text: string; tone: "success" | "failed" } | null;
  /** The run's own technical facts (runner, exit code, tokens …), shown above the technical log. */
  technicalFacts: ReactNode;
};

// Enough pages to catch up after a long drop without looping forever on a server that keeps answering hasMore.
const MAX_CATCH_UP_PAGES = 20;

/**
 * The run's log, live while it runs: `run:log` events are appended (deduplicated by seq), and every (re)connection
 * of the stream fetches what was missed with `?afterSeq=`. `run:finished` re-renders the server header.
 */
export function RunLog({ runId, running, initialEvents, initialHasMore, ending, technicalFacts }: Props) {
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
  // A run that finished in that gap sent its run:finished to nobody: once live, the header is rendered again.
  useStreamLive(() => router.refresh(), running);
  useStreamReconnect(() => router.refresh());

  const items = useMemo(() => buildRunLog(events), [events]);
  const story = items.filter((i) => !isTechnicalItem(i));
  const technical = items.filter(isTechnicalItem);
  // The finish tool's row already says "Finished: …"; the closing line is for runs that ended another way.
  const finishedByTool = story.some((i) => i.kind === "tool" && i.toolName === "run_finish" && i.status === "completed");

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

  return (
    <div className="space-y-6">
      {story.length === 0 && !ending ? (
        <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
          <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Nothing yet</p>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            {running ? "What the agent does appears here as it works." : "The agent recorded nothing in this run."}
          </p>
          {running ? <Spinner className="mx-auto mt-4 size-5 text-indigo-500" /> : null}
        </div>
      ) : (
        <div>
          <ol aria-label="What the agent did" className="space-y-3">
            {story.map((item) => (
              <StoryItemView key={item.key} item={item} />
            ))}
            {ending && !(finishedByTool && ending.tone === "success") ? <EndingRow text={ending.text} tone={ending.tone} /> : null}
          </ol>
          {running ? (
            <p className="mt-4 ml-[5.25rem] flex items-center gap-2 text-xs text-zinc-500 sm:ml-[7.25rem] dark:text-zinc-400" role="status">
              <Spinner className="size-3" />
              {catchingUp ? "Catching up…" : "Working, new steps appear here"}
            </p>
          ) : null}
        </div>
      )}
      <details className="group rounded-lg border border-zinc-200 dark:border-zinc-800" data-testid="technical-details">
        <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-medium text-zinc-700 select-none marker:hidden dark:text-zinc-300">
          <span aria-hidden="true" className="text-zinc-500 transition-transform group-open:rotate-90">›</span>
          Technical details
          <span className="hidden text-xs font-normal text-zinc-500 sm:inline dark:text-zinc-400">for support: how the agent process ran</span>
        </summary>
        <div className="space-y-4 border-t border-zinc-200 px-4 py-4 dark:border-zinc-800">
          {technicalFacts}
          {technical.length ? (
            <ol aria-label="Technical log" className="space-y-1.5">
              {technical.map((item) => (
                <TechnicalItemView key={item.key} item={item} />
              ))}
            </ol>
          ) : (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">No technical events were recorded.</p>
          )}
        </div>
      </details>
      <div ref={end} />
    </div>
  );
}
