// The activity log: a ring buffer of the newest 500 entries kept in extension-local storage (SPEC "Activity log").
// The pure functions below are what the side panel and tests use; `logActivity` is the only writer and runs in the
// service worker, which serialises appends so two events in the same tick never overwrite each other.
import { KEYS, read, write } from "./storage";

export const ACTIVITY_LIMIT = 500;
export const ACTIVITY_SOURCES = ["pairing", "dm-sync", "chat-sync", "matrix-token", "reddit-action", "settings", "system"] as const;
export const ACTIVITY_LEVELS = ["info", "warn", "error"] as const;

export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

export interface ActivityEntry {
  id: string;
  at: string;
  level: ActivityLevel;
  source: ActivitySource;
  message: string;
  meta?: Record<string, unknown>;
}

export interface ActivityFilter {
  levels?: ActivityLevel[];
  sources?: ActivitySource[];
  search?: string;
}

/** Appends, dropping the oldest entries past the limit. Entries are kept oldest first. */
export function appendEntry(buffer: readonly ActivityEntry[], entry: ActivityEntry, limit = ACTIVITY_LIMIT): ActivityEntry[] {
  const next = [...buffer, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Newest first, narrowed by level, source and a case-insensitive search over the message and the meta's JSON. */
export function filterEntries(buffer: readonly ActivityEntry[], filter: ActivityFilter): ActivityEntry[] {
  const needle = filter.search?.trim().toLowerCase() ?? "";
  return buffer
    .filter((e) => !filter.levels?.length || filter.levels.includes(e.level))
    .filter((e) => !filter.sources?.length || filter.sources.includes(e.source))
    .filter((e) => !needle || e.message.toLowerCase().includes(needle) || (e.meta !== undefined && JSON.stringify(e.meta).toLowerCase().includes(needle)))
    .reverse();
}

export function makeEntry(source: ActivitySource, level: ActivityLevel, message: string, meta?: Record<string, unknown>, now = new Date()): ActivityEntry {
  return { id: `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, at: now.toISOString(), level, source, message, ...(meta ? { meta } : {}) };
}

export async function readActivity(): Promise<ActivityEntry[]> {
  return (await read<ActivityEntry[]>(KEYS.activity)) ?? [];
}

let queue: Promise<unknown> = Promise.resolve();

/** Service worker only (the side panel asks the worker through a `log` message). */
export function logActivity(source: ActivitySource, level: ActivityLevel, message: string, meta?: Record<string, unknown>): Promise<void> {
  const done = queue.then(async () => {
    await write(KEYS.activity, appendEntry(await readActivity(), makeEntry(source, level, message, meta)));
  });
  queue = done.catch(() => undefined);
  return done;
}

export function clearActivity(): Promise<void> {
  const done = queue.then(() => write(KEYS.activity, []));
  queue = done.catch(() => undefined);
  return done;
}
