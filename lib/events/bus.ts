// The live event bus. Every event travels through PostgreSQL NOTIFY on one channel and comes back through one LISTEN
// connection per app instance, so all instances (and the instance that published) see the same events in the same
// order. Notifications carry ids only; each instance fetches the payloads once and fans them out to its subscribers
// (the SSE connections of that organization). Publishing inside a transaction delivers on commit, never before.
import pg from "pg";
import { databaseUrl } from "@/lib/env";
import { getPool, type Tx } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import type { StreamEvent } from "@/lib/events/types";
import { hydrateNotices, type Notice } from "@/lib/events/hydrate-notices";

export const EVENTS_CHANNEL = "outreach_events";

export type Listener = (event: StreamEvent) => void;
/** Notices for the instances only, never streamed: a cancel for a run another instance owns, deliveries to send. */
const CONTROL_ONLY = new Set<Notice["t"]>(["run:cancel", "webhook:due", "meter:due"]);

/** Instance-internal messages that are not streamed to browsers (a cancel request for a run another instance owns). */
export type ControlListener = (notice: Notice) => void;

interface BusState {
  listeners: Map<number, Set<Listener>>;
  control: Set<ControlListener>;
  client: pg.Client | null;
  connecting: Promise<void> | null;
  queue: Notice[];
  draining: boolean;
  retryMs: number;
  closed: boolean;
  /** The connection was lost at least once since listening began: notices may have gone by unseen. */
  gap: boolean;
}

const g = globalThis as unknown as { __outreachBus?: BusState };
function state(): BusState {
  g.__outreachBus ??= {
    listeners: new Map(),
    control: new Set(),
    client: null,
    connecting: null,
    queue: [],
    draining: false,
    retryMs: 500,
    closed: false,
    gap: false,
  };
  return g.__outreachBus;
}

/** Sends one notice. With `tx` it is queued by PostgreSQL until that transaction commits. */
export async function publish(notice: Notice, tx?: Tx): Promise<void> {
  const text = JSON.stringify(notice);
  if (tx) await tx.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${text})`;
  else await getPool().query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, text]);
}

/** Receives the organization's events until the returned function is called. Resolves once listening. */
export async function subscribe(orgId: number, listener: Listener): Promise<() => void> {
  const s = state();
  let set = s.listeners.get(orgId);
  if (!set) s.listeners.set(orgId, (set = new Set()));
  set.add(listener);
  await ensureListening();
  return () => {
    set.delete(listener);
    if (set.size === 0 && s.listeners.get(orgId) === set) s.listeners.delete(orgId);
  };
}

export async function onControl(listener: ControlListener): Promise<() => void> {
  const s = state();
  s.control.add(listener);
  await ensureListening();
  return () => s.control.delete(listener);
}

export function ensureListening(): Promise<void> {
  const s = state();
  if (s.client) return Promise.resolve();
  s.closed = false;
  s.connecting ??= connect(s).finally(() => {
    s.connecting = null;
  });
  return s.connecting;
}

async function connect(s: BusState): Promise<void> {
  // Named, so an operator (or a test) can tell each instance's listener apart in pg_stat_activity.
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: `outreach-events ${process.pid}` });
  client.on("notification", (msg) => {
    if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
    try {
      s.queue.push(JSON.parse(msg.payload) as Notice);
    } catch {
      return;
    }
    void drain(s);
  });
  const lost = (err?: Error) => {
    if (s.client !== client) return;
    s.client = null;
    client.removeAllListeners("notification");
    void client.end().catch(() => undefined);
    if (s.closed) return;
    s.gap = true;
    log.warn("event listener connection lost; reconnecting", { error: err?.message, retryMs: s.retryMs });
    const wait = s.retryMs;
    s.retryMs = Math.min(s.retryMs * 2, 30_000);
    setTimeout(() => {
      if (!s.closed && (s.listeners.size > 0 || s.control.size > 0)) void ensureListening().catch(() => undefined);
    }, wait).unref();
  };
  client.on("error", lost);
  client.on("end", () => lost());
  await client.connect();
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  s.client = client;
  s.retryMs = 500;
  // NOTIFY is not queued for a listener that is gone: whatever was published while the connection was down is lost
  // to this instance. Its streams are told to start over, as after their own reconnect (useStreamReconnect).
  if (s.gap) {
    s.gap = false;
    resync(s, [...s.listeners.keys()]);
  }
}

// Notices are handled in arrival order; payloads of a burst are fetched with one query per kind.
async function drain(s: BusState): Promise<void> {
  if (s.draining) return;
  s.draining = true;
  try {
    while (s.queue.length > 0) {
      const batch = s.queue.splice(0, s.queue.length);
      for (const notice of batch) if (CONTROL_ONLY.has(notice.t)) for (const c of s.control) safe(() => c(notice));
      const wanted = batch.filter((n) => !CONTROL_ONLY.has(n.t) && s.listeners.has(n.o));
      if (wanted.length === 0) continue;
      let events: Array<{ orgId: number; event: StreamEvent }>;
      try {
        events = await hydrateNotices(wanted);
      } catch (err) {
        log.error("could not load event payloads", { error: (err as Error).message, count: wanted.length });
        // These events are lost: their pages re-read what they show instead.
        resync(s, [...new Set(wanted.map((n) => n.o))]);
        continue;
      }
      for (const { orgId, event } of events) {
        const set = s.listeners.get(orgId);
        if (set) fanOut(set, event);
      }
    }
  } finally {
    s.draining = false;
  }
}

/** A second `hello` to the organizations' streams: the browser then re-reads what its pages show. */
function resync(s: BusState, orgIds: number[]) {
  const event: StreamEvent = { type: "hello", data: { at: new Date().toISOString(), resync: true } };
  for (const orgId of orgIds) {
    const set = s.listeners.get(orgId);
    if (set) fanOut(set, event);
  }
}

/**
 * One event to every subscriber of an organization, in one synchronous pass: each writes its frame to its socket as it
 * is called, so the first client is not kept waiting for the last. The set is copied first, as a subscriber may leave
 * (or a new one arrive) during the pass; one that throws does not stop the others.
 */
function fanOut(set: Set<Listener>, event: StreamEvent) {
  const listeners = Array.from(set);
  for (let i = 0; i < listeners.length; i++) {
    try {
      listeners[i]!(event);
    } catch (err) {
      log.error("event listener threw", { error: (err as Error).message });
    }
  }
}

function safe(fn: () => void) {
  try {
    fn();
  } catch (err) {
    log.error("event listener threw", { error: (err as Error).message });
  }
}

/** Stops listening (tests, scripts). Subscribers are kept; the next subscribe reconnects. */
export async function closeBus(): Promise<void> {
  const s = state();
  s.closed = true;
  const client = s.client;
  s.client = null;
  if (client) {
    client.removeAllListeners();
    client.on("error", () => undefined);
    await client.end().catch(() => undefined);
  }
  s.listeners.clear();
  s.control.clear();
}
