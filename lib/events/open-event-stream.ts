// One SSE connection as a web ReadableStream, the body of the Next route (app/api/stream/route.ts): used when the
// stream is not served natively (development, tests that call the route's handler). The contract itself (frames,
// keep-alive, access re-check) lives in lib/events/event-stream-session.ts, shared with the native path. Cleanup runs
// on the request's abort and on the stream's cancel (both fire on disconnect).
import { startEventStream, type EventStreamOptions } from "@/lib/events/event-stream-session";

export { PING_INTERVAL_MS, SSE_HEADERS, sseFrame, type EventStreamOptions } from "@/lib/events/event-stream-session";

/** A client this far behind is dropped; its EventSource reconnects and the page re-reads what it shows. */
const MAX_QUEUED_FRAMES = 2_000;

export function openEventStream(orgId: number, signal: AbortSignal, opts: EventStreamOptions = {}): ReadableStream<Uint8Array> {
  let stop: (() => void) | null = null;
  const cleanup = () => {
    stop?.();
    signal.removeEventListener("abort", onAbort);
  };
  let close = () => undefined as void;
  const onAbort = () => {
    cleanup();
    close();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      close = () => {
        try {
          controller.close();
        } catch {
          // already closed by the runtime
        }
      };
      signal.addEventListener("abort", onAbort);
      if (signal.aborted) return onAbort();
      stop = startEventStream(
        orgId,
        {
          write(frame) {
            if ((controller.desiredSize ?? 0) < -MAX_QUEUED_FRAMES) return false;
            try {
              controller.enqueue(frame);
            } catch {
              cleanup();
            }
            return true;
          },
          end() {
            signal.removeEventListener("abort", onAbort);
            close();
          },
        },
        opts,
      );
    },
    cancel() {
      cleanup();
    },
  });
}
