import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StreamClient, type EventSourceLike, type StreamStatus } from "@/lib/events/stream-client";

class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  onerror: ((ev: Event) => void) | null = null;
  closed = false;
  private handlers = new Map<string, ((ev: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (ev: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    const ev = { data: typeof data === "string" ? data : JSON.stringify(data) } as MessageEvent;
    for (const h of this.handlers.get(type) ?? []) h(ev);
  }
  error() {
    this.onerror?.(new Event("error"));
  }
}

const latest = () => FakeEventSource.all[FakeEventSource.all.length - 1]!;
const open = () => FakeEventSource.all.filter((s) => !s.closed);

function makeClient() {
  const statuses: StreamStatus[] = [];
  const client = new StreamClient({ url: "/api/stream", EventSource: FakeEventSource });
  client.onStatus((s) => statuses.push(s));
  return { client, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("StreamClient", () => {
  it("opens one connection, is reconnecting until hello, then live, and dispatches parsed payloads by type", () => {
    const { client, statuses } = makeClient();
    const started = vi.fn();
    const finished = vi.fn();
    client.on("run:started", started);
    client.on("run:finished", finished);
    client.start();
    client.start();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(latest().url).toBe("/api/stream");
    expect(client.status).toBe("reconnecting");

    latest().emit("hello", { at: "2026-01-01T00:00:00Z" });
    expect(client.status).toBe("live");
    latest().emit("run:started", { runId: 7, campaignId: 3 });
    expect(started).toHaveBeenCalledWith({ runId: 7, campaignId: 3 });
    expect(finished).not.toHaveBeenCalled();
    expect(statuses).toEqual(["reconnecting", "live"]);
  });

  it("unsubscribes a listener", () => {
    const { client } = makeClient();
    const fn = vi.fn();
    const off = client.on("drafts:changed", fn);
    client.start();
    latest().emit("drafts:changed", { ids: [1] });
    off();
    latest().emit("drafts:changed", { ids: [2] });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("closes and reconnects when no named event arrives for 30 s; any named event resets the watchdog", () => {
    const { client } = makeClient();
    client.start();
    latest().emit("hello", {});
    vi.advanceTimersByTime(29_000);
    latest().emit("drafts:changed", { ids: [] });
    vi.advanceTimersByTime(29_000);
    latest().emit("ping", {});
    vi.advanceTimersByTime(29_999);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(client.status).toBe("live");

    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    expect(client.status).toBe("reconnecting");
    // Backoff starts at 1 s.
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(open()).toHaveLength(1);
  });

  it("also gives up on a connection that never says hello", () => {
    const { client } = makeClient();
    client.start();
    vi.advanceTimersByTime(30_000);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it("backs off 1 s, 2 s, 4 s ... capped at 30 s, and resets after a successful hello", () => {
    const { client } = makeClient();
    client.start();
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const before = FakeEventSource.all.length;
      latest().error();
      let waited = 0;
      while (FakeEventSource.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
      expect(open()).toHaveLength(1);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);

    latest().emit("hello", {});
    expect(client.status).toBe("live");
    const before = FakeEventSource.all.length;
    latest().error();
    expect(client.status).toBe("reconnecting");
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all.length).toBe(before + 1);
  });

  it("counts hellos so pages can tell a reconnect from the first connection", () => {
    const { client } = makeClient();
    client.start();
    latest().emit("hello", {});
    latest().error();
    vi.advanceTimersByTime(1_000);
    latest().emit("hello", {});
    expect(client.helloCount).toBe(2);
  });

  it("close() stops for good: status closed, connection closed, no reconnect, stale events ignored", () => {
    const { client, statuses } = makeClient();
    const fn = vi.fn();
    client.on("run:log", fn);
    client.start();
    const first = latest();
    first.emit("hello", {});
    client.close();
    expect(client.status).toBe("closed");
    expect(first.closed).toBe(true);
    first.emit("run:log", { seq: 1 });
    first.error();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(fn).not.toHaveBeenCalled();
    expect(statuses.at(-1)).toBe("closed");
  });

  it("ignores events from a connection it already replaced", () => {
    const { client } = makeClient();
    const fn = vi.fn();
    client.on("run:finished", fn);
    client.start();
    const first = latest();
    first.error();
    vi.advanceTimersByTime(1_000);
    first.emit("run:finished", { runId: 1 });
    latest().emit("run:finished", { runId: 2 });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith({ runId: 2 });
  });

  it("drops a malformed payload and keeps going; a throwing listener does not starve the others", () => {
    const { client } = makeClient();
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const good = vi.fn();
    client.on("drafts:changed", () => {
      throw new Error("boom");
    });
    client.on("drafts:changed", good);
    client.start();
    latest().emit("drafts:changed", "{not json");
    latest().emit("drafts:changed", { ids: [4] });
    expect(good).toHaveBeenCalledTimes(1);
    expect(good).toHaveBeenCalledWith({ ids: [4] });
    expect(client.status).toBe("reconnecting");
    spy.mockRestore();
  });
});
