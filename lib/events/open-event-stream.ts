// One SSE connection: `hello` first, then the organization's events as named SSE events, a `:ping` comment every
// 15 s (SPEC "Limits"), and cleanup on both the request's abort and the stream's cancel (both fire on disconnect).
import { subscribe } from "@/lib/events/bus";
import type { StreamEvent } from "@/lib/events/types";

export const PING_INTERVAL_MS = 15_000;
/** A client this far behind is dropped; its EventSource reconnects and the page re-reads what it shows. */
const MAX_QUEUED_FRAMES = 2_000;

const encoder = new TextEncoder();
// The same event goes to every subscriber of an organization: serialise it once.
const frames = new WeakMap<StreamEvent, Uint8Array>();

export function sseFrame(event: StreamEvent): Uint8Array {
  let frame = frames.get(event);
  if (!frame) {
    frame = encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    frames.set(event, frame);
  }
  return frame;
}

// The SPEC's keep-alive is the comment `:ping`. Browsers never surface comments, and the client reconnects after
// 30 s without a named event, so the same frame also carries a named `ping` event it can see.
const PING = encoder.encode(":ping\nevent: ping\ndata: {}\n\n");

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform keeps Next from compressing (and so buffering) the stream.
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

export interface EventStreamOptions {
  /**
   * Asked on every keep-alive: false ends the stream. A session stays valid after its user left or was removed from
   * the organization, so a long-lived stream must re-check the membership the way every other request does.
   */
  stillAllowed?: () => Promise<boolean>;
  /** How often the keep-alive (and the check) runs; tests shorten it. */
  pingEveryMs?: number;
}

export function openEventStream(orgId: number, signal: AbortSignal, opts: EventStreamOptions = {}): ReadableStream<Uint8Array> {
  let cleanup: (() => void) | null = null;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      let unsubscribe: (() => void) | null = null;
      const timer = setInterval(() => void keepAlive(), opts.pingEveryMs ?? PING_INTERVAL_MS);
      async function keepAlive() {
        if (opts.stillAllowed) {
          const allowed = await opts.stillAllowed().catch(() => true);
          if (!allowed) return onAbort();
        }
        send(PING);
      }
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(timer);
        unsubscribe?.();
        signal.removeEventListener("abort", onAbort);
      };
      const onAbort = () => {
        cleanup?.();
        try {
          controller.close();
        } catch {
          // already closed by the runtime
        }
      };
      function send(chunk: Uint8Array) {
        if (!open) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_FRAMES) return onAbort();
        try {
          controller.enqueue(chunk);
        } catch {
          cleanup?.();
        }
      }
      signal.addEventListener("abort", onAbort);
      if (signal.aborted) return onAbort();
      // Tell the browser how long to wait before its own reconnect, then greet once subscribed so no event is missed.
      send(encoder.encode("retry: 1000\n\n"));
      const off = await subscribe(orgId, (event) => send(sseFrame(event)));
      if (!open) return off();
      unsubscribe = off;
      send(sseFrame({ type: "hello", data: { at: new Date().toISOString() } }));
    },
    cancel() {
      cleanup?.();
    },
  });
}
