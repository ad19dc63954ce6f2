// One tick: run the switched-on pollers, post what they found to every paired backend (fan-out), then a
// status-only heartbeat, and keep the action badge in step with the chat channel.
import { logActivity } from "./activity-log";
import { callBackend, errorText, listPairings, patchPairing, statusFromHttp, type Pairing } from "./backends";
import { PLATFORM_ID } from "./config";
import { pollChat, pollLegacyInbox, type ChannelStatus, type PollResult } from "./pollers";
import { loadSettings } from "./settings";
import { KEYS, write } from "./storage";

export interface TickSummary {
  startedAt: string;
  at: string;
  reason: string;
  legacy: ChannelStatus;
  chat: ChannelStatus;
  items: number;
  comments: number;
  backends: { backend: string; ok: boolean; matched?: number; duplicates?: number; unmatched?: number; error?: string }[];
}

interface SyncAnswer {
  matched?: unknown[];
  duplicates?: number;
  unmatched?: number;
}

let running: Promise<TickSummary> | null = null;
let queued: Promise<TickSummary> | null = null;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const counts = (items: number, comments: number) => `${count(items, "message", "messages")} and ${count(comments, "comment reply", "comment replies")}`;

/**
 * Ticks never overlap. A request during a tick queues one more tick after it (a running tick may have polled before
 * whatever prompted the request, such as a fresh chat token); further requests meanwhile share that queued tick.
 */
export function runTick(reason: string): Promise<TickSummary> {
  if (!running) {
    running = tick(reason).finally(() => (running = null));
    return running;
  }
  queued ??= running
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return runTick(reason);
    });
  return queued;
}

async function tick(reason: string): Promise<TickSummary> {
  const startedAt = new Date().toISOString();
  const settings = await loadSettings();
  const off: PollResult = { status: "unknown", items: [], comments: [] };
  const [legacy, chat] = await Promise.all([settings.legacyPoller ? pollLegacyInbox() : off, settings.chatPoller ? pollChat() : off]);
  await updateBadge(chat.status);
  if (settings.legacyPoller) await logPoll("dm-sync", "Inbox feed", legacy);
  if (settings.chatPoller) await logPoll("chat-sync", "Chat", chat);

  const items = [...legacy.items, ...chat.items];
  const comments = legacy.comments;
  const status = { chat: chat.status, legacy: legacy.status, captured_at: new Date().toISOString() };
  const pairings = await listPairings();
  const backends = await Promise.all(pairings.map((p) => deliver(p, items, comments, status)));
  const summary: TickSummary = { startedAt, at: status.captured_at, reason, legacy: legacy.status, chat: chat.status, items: items.length, comments: comments.length, backends };
  await write(KEYS.lastTick, summary);
  return summary;
}

async function deliver(pairing: Pairing, items: unknown[], comments: unknown[], status: { chat: ChannelStatus; legacy: ChannelStatus; captured_at: string }) {
  const result: TickSummary["backends"][number] = { backend: pairing.backend, ok: true };
  if (items.length || comments.length) {
    const answer = await callBackend<SyncAnswer>(pairing, "/api/extension/dm-sync", { method: "POST", body: { platform: PLATFORM_ID, items, comments, status } });
    if (answer.status === 200) {
      Object.assign(result, { matched: answer.body.matched?.length ?? 0, duplicates: answer.body.duplicates ?? 0, unmatched: answer.body.unmatched ?? 0 });
      await logActivity("dm-sync", "info", `Delivered ${counts(items.length, comments.length)} to ${pairing.backend}`, { backend: pairing.backend, matched: result.matched, duplicates: result.duplicates, unmatched: result.unmatched });
    } else {
      Object.assign(result, { ok: false, error: errorText(answer) });
      await logActivity("dm-sync", "error", `Delivery to ${pairing.backend} failed: ${result.error}`, { backend: pairing.backend, httpStatus: answer.status });
    }
  }
  // The heartbeat: the backend learns each channel's liveness even when nothing new arrived.
  const beat = await callBackend(pairing, "/api/extension/dm-sync", { method: "POST", body: { platform: PLATFORM_ID, items: [], comments: [], status } });
  const ok = beat.status === 200;
  if (!ok && result.ok) {
    Object.assign(result, { ok: false, error: errorText(beat) });
    await logActivity("dm-sync", "error", `Heartbeat to ${pairing.backend} failed: ${result.error}`, { backend: pairing.backend, httpStatus: beat.status });
  }
  await patchPairing(pairing.backend, {
    status: statusFromHttp(beat.status),
    checkedAt: new Date().toISOString(),
    ...(ok ? { lastSyncAt: new Date().toISOString(), lastError: undefined } : { lastError: errorText(beat) }),
  });
  return result;
}

async function logPoll(source: "dm-sync" | "chat-sync", label: string, poll: PollResult) {
  const counters = { status: poll.status, items: poll.items.length, comments: poll.comments.length, ...(poll.detail ? { detail: poll.detail } : {}) };
  const level = poll.status === "ok" ? "info" : poll.status === "unknown" ? "info" : poll.status === "unauthorized" ? "warn" : "error";
  const text =
    poll.status === "ok"
      ? `${label}: ${counts(poll.items.length, poll.comments.length)}`
      : poll.status === "unauthorized"
        ? `${label}: unauthorized${source === "chat-sync" ? ", chat sync paused" : ""}`
        : `${label}: ${poll.status}${poll.detail ? ` (${poll.detail})` : ""}`;
  await logActivity(source, level, text, counters);
}

/** Red `!` while the chat token is refused; cleared as soon as a tick gets through. */
export async function updateBadge(chat: ChannelStatus): Promise<void> {
  if (chat === "unauthorized") {
    await chrome.action.setBadgeBackgroundColor({ color: "#dc2626" });
    await chrome.action.setBadgeText({ text: "!" });
    await chrome.action.setTitle({ title: "Outreach Dashboard: chat sync paused, open the platform and refresh" });
  } else if (chat === "ok") {
    await chrome.action.setBadgeText({ text: "" });
    await chrome.action.setTitle({ title: "Outreach Dashboard" });
  }
}
