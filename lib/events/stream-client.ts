// The browser's end of `GET /api/stream` (SPEC 6 and 8 "Stream client reconnect"). Framework-free so the reconnect
// rules are unit-tested with fake timers; app/_components/event-stream.tsx wraps one instance per tab for React.
import { STREAM_EVENT_TYPES, type StreamEventData, type StreamEventType } from "@/lib/events/types";

export type StreamStatus = "live" | "reconnecting" | "closed";

/** The part of the DOM EventSource this client uses, so tests can hand in a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  onerror: ((ev: Event) => void) | null;
  close(): void;
}
export type EventSourceConstructor = new (url: string, init?: EventSourceInit) => EventSourceLike;

export interface StreamTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StreamClientOptions {
  url?: string;
  EventSource?: EventSourceConstructor;
  timers?: StreamTimers;
  /** SPEC 8: no named event for 30 s means the connection is dead even if the socket looks open. */
  idleTimeoutMs?: number;
  /** SPEC 8: backoff starts at 1 s and doubles... */
  initialBackoffMs?: number;
  /** ...up to a cap of 30 s. */
  maxBackoffMs?: number;
}

// The SSE `:ping` comment keeps proxies from closing the socket but never reaches EventSource listeners, so it cannot
// feed the idle watchdog. A named `ping` event can: the client counts it as a sign of life without dispatching it.
const KEEPALIVE_EVENTS = ["ping"] as const;

type AnyListener = (data: unknown) => void;

const defaultTimers: StreamTimers = {
  // Looked up on each call (not captured at load) so fake timers installed later still apply.
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class StreamClient {
  private readonly url: string;
  private readonly EventSourceCtor: EventSourceConstructor | undefined;
  private readonly timers: StreamTimers;
  private readonly idleTimeoutMs: number;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;

  private source: EventSourceLike | null = null;
  private idleTimer: unknown = null;
  private retryTimer: unknown = null;
  /** Failed attempts since the last `hello`: the exponent of the next delay. */
  private attempt = 0;
  private started = false;
  private currentStatus: StreamStatus = "closed";
  private hellos = 0;
  private readonly listeners = new Map<string, Set<AnyListener>>();
  private readonly statusListeners = new Set<(status: StreamStatus) => void>();

  constructor(options: StreamClientOptions = {}) {
    this.url = options.url ?? "/api/stream";
    this.EventSourceCtor = options.EventSource ?? (globalThis as { EventSource?: EventSourceConstructor }).EventSource;
    this.timers = options.timers ?? defaultTimers;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.initialBackoffMs = options.initialBackoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
  }

  get status(): StreamStatus {
    return this.currentStatus;
  }

  /** How many `hello`s this client has received: more than one means events may have been missed in between. */
  get helloCount(): number {
    return this.hellos;
  }

  /** Opens the connection. Calling it again while started does nothing: one connection per client. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.connect();
  }

  /** Closes for good: no reconnect until `start()` is called again. */
  close(): void {
    this.started = false;
    this.dropSource();
    this.clearRetry();
    this.setStatus("closed");
  }

  on<T extends StreamEventType>(type: T, listener: (data: StreamEventData<T>) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    const l = listener as AnyListener;
    set.add(l);
    return () => {
      set.delete(l);
    };
  }

  onStatus(listener: (status: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  private connect(): void {
    this.retryTimer = null;
    if (!this.started) return;
    this.dropSource();
    this.setStatus("reconnecting");
    if (!this.EventSourceCtor) {
      // No EventSource (very old browser or a server render): stay "reconnecting" so pages keep their fallbacks.
      return;
    }
    let source: EventSourceLike;
    try {
      source = new this.EventSourceCtor(this.url, { withCredentials: true });
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.source = source;
    for (const type of [...STREAM_EVENT_TYPES, ...KEEPALIVE_EVENTS]) {
      source.addEventListener(type, (ev) => this.receive(source, type, ev));
    }
    // EventSource would retry on its own with the server's `retry:` delay; this client owns the schedule instead.
    source.onerror = () => {
      if (source === this.source) this.fail();
    };
    this.armIdle();
  }

  private receive(source: EventSourceLike, type: string, ev: MessageEvent): void {
    // A closed connection's buffered events must not reach listeners or re-arm the watchdog.
    if (source !== this.source) return;
    this.armIdle();
    if (type === "hello") {
      this.attempt = 0;
      this.hellos += 1;
      this.setStatus("live");
    }
    if ((KEEPALIVE_EVENTS as readonly string[]).includes(type)) return;
    const set = this.listeners.get(type);
    if (!set || set.size === 0) return;
    let data: unknown = null;
    try {
      data = typeof ev.data === "string" && ev.data !== "" ? JSON.parse(ev.data) : null;
    } catch {
      // A malformed payload is dropped; the stream itself is fine.
      return;
    }
    for (const listener of [...set]) {
      try {
        listener(data);
      } catch (err) {
        // One page's broken handler must not starve the others.
        console.error(`stream listener for ${type} failed`, err);
      }
    }
  }

  private fail(): void {
    this.dropSource();
    if (!this.started) return;
    this.setStatus("reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.clearRetry();
    const delay = Math.min(this.initialBackoffMs * 2 ** this.attempt, this.maxBackoffMs);
    // Cap the exponent too, so a tab left offline for days does not overflow to Infinity.
    if (this.initialBackoffMs * 2 ** this.attempt < this.maxBackoffMs) this.attempt += 1;
    this.retryTimer = this.timers.setTimeout(() => this.connect(), delay);
  }

  private armIdle(): void {
    if (this.idleTimer !== null) this.timers.clearTimeout(this.idleTimer);
    this.idleTimer = this.timers.setTimeout(() => {
      this.idleTimer = null;
      this.fail();
    }, this.idleTimeoutMs);
  }

  private dropSource(): void {
    if (this.idleTimer !== null) {
      this.timers.clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    if (this.source) {
      this.source.onerror = null;
      this.source.close();
      this.source = null;
    }
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
  }

  private setStatus(status: StreamStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}
