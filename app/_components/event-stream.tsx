"use client";

// One live stream per tab (GET /api/stream), mounted once in the dashboard layout. Pages subscribe with
// useStreamEvent and read the connection state with useStreamStatus; the sidebar shows it.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { StreamClient, type StreamStatus } from "@/lib/events/stream-client";
import type { StreamEventData, StreamEventType } from "@/lib/events/types";
import { cx } from "./cx";

const StreamContext = createContext<StreamClient | null>(null);

export function EventStreamProvider({ children, url = "/api/stream" }: { children: ReactNode; url?: string }) {
  // Created in an effect, not during render: there is no EventSource on the server.
  const [client, setClient] = useState<StreamClient | null>(null);
  useEffect(() => {
    const c = new StreamClient({ url });
    setClient(c);
    // Opened after the window's load event: a stream that starts while the page is loading holds the load event
    // back (Chromium counts it as a pending request), which stalls anything that waits for "load".
    const start = () => c.start();
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      c.close();
    };
  }, [url]);
  return <StreamContext.Provider value={client}>{children}</StreamContext.Provider>;
}

/**
 * Calls `handler` for every event of `type`. The latest handler is used without re-subscribing, so callers can pass
 * an inline function.
 */
export function useStreamEvent<T extends StreamEventType>(type: T, handler: (data: StreamEventData<T>) => void): void {
  const client = useContext(StreamContext);
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!client) return;
    return client.on(type, (data) => ref.current(data));
  }, [client, type]);
}

/**
 * Calls `handler` when the stream comes back after a drop: events sent meanwhile were missed, so a page that
 * mirrors server state re-reads it. The first connection of the tab does not count (the page was just rendered).
 */
export function useStreamReconnect(handler: () => void): void {
  const client = useContext(StreamContext);
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!client) return;
    return client.on("hello", () => {
      if (client.helloCount > 1) ref.current();
    });
  }, [client]);
}

/**
 * Calls `handler` once, as soon as the stream is live after the component mounted. A page rendered before its stream
 * connected (the stream opens after the load event) cannot have heard what happened in between.
 */
export function useStreamLive(handler: () => void, enabled = true): void {
  const client = useContext(StreamContext);
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!client || !enabled) return;
    if (client.status === "live") {
      ref.current();
      return;
    }
    const off = client.on("hello", () => {
      off();
      ref.current();
    });
    return off;
  }, [client, enabled]);
}

export function useStreamStatus(): StreamStatus {
  const client = useContext(StreamContext);
  const [status, setStatus] = useState<StreamStatus>(client?.status ?? "reconnecting");
  useEffect(() => {
    if (!client) return;
    setStatus(client.status);
    return client.onStatus(setStatus);
  }, [client]);
  // Until the provider's effect ran there is no connection yet, which is what "reconnecting" means to a page.
  return client ? status : "reconnecting";
}

const LABELS: Record<StreamStatus, { text: string; dot: string; title: string }> = {
  live: { text: "Live", dot: "bg-emerald-500", title: "Live updates are on" },
  reconnecting: { text: "Reconnecting…", dot: "bg-amber-500 animate-pulse", title: "Live updates are reconnecting; pages may be stale" },
  closed: { text: "Offline", dot: "bg-zinc-400 dark:bg-zinc-500", title: "Live updates are off; reload to reconnect" },
};

/** The stream's state in the sidebar: a dot and a word, announced politely when it changes. */
export function StreamStatusIndicator({ className }: { className?: string }) {
  const status = useStreamStatus();
  const l = LABELS[status];
  return (
    <p
      role="status"
      aria-live="polite"
      aria-label={`Live updates: ${l.text.replace("…", "")}`}
      title={l.title}
      data-stream-status={status}
      className={cx("flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400", className)}
    >
      <span aria-hidden="true" className={cx("size-2 shrink-0 rounded-full", l.dot)} />
      <span aria-hidden="true">{l.text}</span>
    </p>
  );
}
