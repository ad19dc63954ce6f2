// A stopping server ends its live streams (lib/boot/graceful-shutdown.ts): every open one, cleanly, and any opened
// after that at once. The bus is replaced here (no database): what is checked is the streams' side.
import { describe, expect, it, vi } from "vitest";

const unsubscribed: number[] = [];
vi.mock("@/lib/events/bus", () => ({
  subscribe: vi.fn(async (orgId: number) => () => void unsubscribed.push(orgId)),
}));

const { endEveryEventStream, startEventStream, RETRY_FRAME } = await import("@/lib/events/event-stream-session");
const { subscribe } = await import("@/lib/events/bus");

function sink() {
  const frames: string[] = [];
  const ends: string[] = [];
  return { frames, ends, sink: { write: (f: Buffer) => (frames.push(f.toString()), true), end: (reason: string) => void ends.push(reason) } };
}

describe("endEveryEventStream", () => {
  it("ends every open stream once with `shutdown`, leaves stopped ones alone, and ends new ones at once", async () => {
    const a = sink();
    const b = sink();
    const gone = sink();
    startEventStream(1, a.sink);
    startEventStream(2, b.sink);
    const stopGone = startEventStream(3, gone.sink);
    // Subscribed: each open stream has said hello.
    await vi.waitFor(() => expect(a.frames.some((f) => f.includes("event: hello")) && b.frames.some((f) => f.includes("event: hello"))).toBe(true));
    stopGone(); // its client went away before the stop

    endEveryEventStream();
    expect(a.ends).toEqual(["shutdown"]);
    expect(b.ends).toEqual(["shutdown"]);
    expect(gone.ends).toEqual([]);
    expect(unsubscribed.sort()).toEqual([1, 2, 3]);

    // Asked again (a second signal), nothing is ended twice.
    endEveryEventStream();
    expect(a.ends).toEqual(["shutdown"]);

    // A stream opened while the server stops gets its retry frame and ends, without subscribing.
    const late = sink();
    startEventStream(4, late.sink);
    expect(late.frames).toEqual([RETRY_FRAME.toString()]);
    expect(late.ends).toEqual(["shutdown"]);
    expect(vi.mocked(subscribe).mock.calls.map(([orgId]) => orgId)).toEqual([1, 2, 3]);
  });
});
