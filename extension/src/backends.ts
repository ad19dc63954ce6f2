// Paired dashboards ("backends"): one token per backend origin in extension-local storage. Only the service worker
// and the side panel (extension pages) read tokens; content scripts never see them.
import { KEYS, read, write } from "./storage";

export type BackendStatus = "ok" | "error" | "unauthorized" | "unknown";

export interface Pairing {
  backend: string;
  token: string;
  deviceId?: number;
  deviceName?: string;
  organization?: string;
  pairedAt: string;
  status: BackendStatus;
  checkedAt?: string;
  lastSyncAt?: string;
  lastError?: string;
}

export type Pairings = Record<string, Pairing>;

export async function listPairings(): Promise<Pairing[]> {
  return Object.values((await read<Pairings>(KEYS.pairings)) ?? {}).sort((a, b) => a.pairedAt.localeCompare(b.pairedAt));
}

export async function getPairing(backend: string): Promise<Pairing | undefined> {
  return ((await read<Pairings>(KEYS.pairings)) ?? {})[backend];
}

let queue: Promise<unknown> = Promise.resolve();

/** Read-modify-write of the pairings map, serialised within this context. */
export function updatePairings(change: (all: Pairings) => void): Promise<void> {
  const done = queue.then(async () => {
    const all = (await read<Pairings>(KEYS.pairings)) ?? {};
    change(all);
    await write(KEYS.pairings, all);
  });
  queue = done.catch(() => undefined);
  return done;
}

export function patchPairing(backend: string, patch: Partial<Pairing>): Promise<void> {
  return updatePairings((all) => {
    if (all[backend]) all[backend] = { ...all[backend], ...patch };
  });
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** A bearer call to one backend. Network failures come back as status 0 so callers handle one shape. */
export async function callBackend<T = unknown>(pairing: Pairing, path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(new URL(path, pairing.backend), {
      method: init.method ?? "GET",
      headers: { Authorization: `Bearer ${pairing.token}`, ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      credentials: "omit",
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text for the log
    }
    return { status: res.status, body: body as T };
  } catch (err) {
    return { status: 0, body: { error: "network", message: err instanceof Error ? err.message : String(err) } as T };
  }
}

export function statusFromHttp(status: number): BackendStatus {
  if (status >= 200 && status < 300) return "ok";
  if (status === 401 || status === 403) return "unauthorized";
  return "error";
}

export function errorText(answer: ApiAnswer): string {
  const body = answer.body as { message?: unknown; error?: unknown } | string | null;
  if (body && typeof body === "object") return String(body.message ?? body.error ?? `HTTP ${answer.status}`);
  return answer.status === 0 ? "network error" : `HTTP ${answer.status}`;
}
