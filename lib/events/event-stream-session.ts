// What every /api/stream connection does, whichever path serves it (the route's web stream in lib/events/
// open-event-stream.ts, or the Node response in lib/events/serve-stream-natively.ts): `retry` first, `hello` once
// subscribed (so no event is missed), then the organization's events as named SSE events, a `:ping` comment every
// 15 s (SPEC "Limits") after the access re-check (on one tick shared by every stream), and cleanup exactly once.
// Frames are serialised once per event and shared by every subscriber.
import { subscribe } from "@/lib/events/bus";
import type { StreamEvent } from "@/lib/events/types";

export const PING_INTERVAL_MS = 15_000;

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform keeps Next from compressing (and so buffering) the stream.
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

const frames = new WeakMap<StreamEvent, Buffer>();

/** One event as an SSE frame, built once per event object whatever the number of subscribers. */
export function sseFrame(event: StreamEvent): Buffer {
  let frame = frames.get(event);
  if (!frame) {
    frame = Buffer.from(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    frames.set(event, frame);
  }
  return frame;
}

/** How long the browser waits before its own reconnect. */
export const RETRY_FRAME = Buffer.from("retry: 1000\n\n");
// The SPEC's keep-alive is the comment `:ping`. Browsers never surface comments, and the client reconnects after
// 30 s without a named event, so the same frame also carries a named `ping` event it can see.
export const PING_FRAME = Buffer.from(":ping\nevent: ping\ndata: {}\n\n");

export interface EventStreamOptions {
  /**
   * Asked on every keep-alive: false ends the stream. A session stays valid after its user left or was removed from
   * the organization, so a long-lived stream must re-check the membership the way every other request does.
   */
  stillAllowed?: () => Promise<boolean>;
  /** How often the keep-alive (and the check) runs; tests shorten it. */
  pingEveryMs?: number;
}

/** Where one connection's frames go. */
export interface EventStreamSink {
  /** Queues one frame; false when the client is too far behind to keep (the stream then ends). */
  write(frame: Buffer): boolean;
  /**
   * Ends the response: `denied` when access no longer holds, `behind` when the client could not keep up, `shutdown`
   * when this server is stopping (the browser reconnects, to another instance or to this one once it is back).
   */
  end(reason: EndReason): void;
}

type EndReason = "denied" | "behind" | "shutdown";

// Every open stream's way to end, so a stopping server can end them: an open stream is a request that never
// finishes, and the server waits for its requests before it exits (lib/boot/graceful-shutdown.ts).
const openStreams = new Set<(reason: EndReason) => void>();
let shuttingDown = false;

/** How many live streams this process holds open (the metrics' gauge). */
export function openEventStreamCount(): number {
  return openStreams.size;
}

/** Ends every open stream of this process, and any opened from now on, as the server stops. */
export function endEveryEventStream(): void {
  shuttingDown = true;
  for (const end of [...openStreams]) end("shutdown");
}

// One timer per interval for every open stream of the process, not one per stream: their keep-alives (and access
// checks) then happen in the same tick, so the checks are answered by one statement (lib/events/stream-access.ts),
// and 10,000 streams cost one timer. A stream opened between two ticks gets its first ping at the next one.
const tickers = new Map<number, { timer: NodeJS.Timeout; members: Set<() => void> }>();

function joinKeepAliveTicker(everyMs: number, keepAlive: () => void): () => void {
  let ticker = tickers.get(everyMs);
  if (!ticker) {
    const members = new Set<() => void>();
    const timer = setInterval(() => {
      for (const member of [...members]) member();
    }, everyMs);
    // An idle ticker never keeps a process alive that has nothing else to do (a script, a test worker).
    timer.unref();
    ticker = { timer, members };
    tickers.set(everyMs, ticker);
  }
  const { members } = ticker;
  members.add(keepAlive);
  return () => {
    members.delete(keepAlive);
    if (members.size === 0 && tickers.get(everyMs)?.members === members) {
      clearInterval(tickers.get(everyMs)!.timer);
      tickers.delete(everyMs);
    }
  };
}

/**
 * Starts one connection's stream. The returned function stops it (the client went away); it is safe to call more than
 * once, and the sink is not ended by it.
 */
export function startEventStream(orgId: number, sink: EventStreamSink, opts: EventStreamOptions = {}): () => void {
  let live = true;
  let unsubscribe: (() => void) | null = null;
  const stop = () => {
    if (!live) return;
    live = false;
    openStreams.delete(endWith);
    leaveTicker();
    unsubscribe?.();
    unsubscribe = null;
  };
  const endWith = (reason: EndReason) => {
    if (!live) return;
    stop();
    sink.end(reason);
  };
  const send = (frame: Buffer) => {
    if (live && !sink.write(frame)) endWith("behind");
  };
  const keepAlive = async () => {
    if (opts.stillAllowed) {
      // Fails closed: a check that cannot be made ends the stream, and the browser's reconnect is checked afresh.
      const allowed = await opts.stillAllowed().catch(() => false);
      if (!allowed) return endWith("denied");
    }
    send(PING_FRAME);
  };
  const leaveTicker = joinKeepAliveTicker(opts.pingEveryMs ?? PING_INTERVAL_MS, () => void keepAlive());
  openStreams.add(endWith);
  send(RETRY_FRAME);
  if (shuttingDown) {
    endWith("shutdown");
    return stop;
  }
  subscribe(orgId, (event) => send(sseFrame(event))).then(
    (off) => {
      if (!live) return off();
      unsubscribe = off;
      send(sseFrame({ type: "hello", data: { at: new Date().toISOString() } }));
    },
    // No LISTEN connection: the stream cannot deliver, so it ends and the browser's reconnect tries again.
    () => endWith("denied"),
  );
  return stop;
}
