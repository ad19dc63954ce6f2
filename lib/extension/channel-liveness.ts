// Per-channel liveness as the dashboard shows it (SPEC 3 "Extension channel liveness": ok, unauthorized, error,
// unknown). Pure, so Settings, the status route and the unit tests agree.
import { CHANNEL_STATES, type ChannelState, type SyncStatus } from "@/lib/extension/schemas";

/**
 * A device silent for longer than this reports `unknown`: 3 × the longest poll interval (30 minutes, SPEC 8), so
 * two missed ticks are tolerated but an uninstalled extension does not show `ok` forever.
 */
export const STALE_AFTER_MS = 3 * 30 * 60_000;

export interface ChannelLiveness {
  channels: { chat: ChannelState; legacy: ChannelState };
  stale: boolean;
}

export function channelLiveness(lastSyncStatus: unknown, lastSyncAt: Date | null, now: Date = new Date()): ChannelLiveness {
  const status = readStoredStatus(lastSyncStatus);
  if (!status || !lastSyncAt) return { channels: { chat: "unknown", legacy: "unknown" }, stale: false };
  if (now.getTime() - lastSyncAt.getTime() > STALE_AFTER_MS) return { channels: { chat: "unknown", legacy: "unknown" }, stale: true };
  return { channels: { chat: status.chat, legacy: status.legacy }, stale: false };
}

/** The stored JSON is ours, but read it defensively: a column written by an older version must not break a page. */
export function readStoredStatus(value: unknown): SyncStatus | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const valid = (s: unknown): s is ChannelState => typeof s === "string" && (CHANNEL_STATES as readonly string[]).includes(s);
  if (!valid(v.chat) || !valid(v.legacy)) return null;
  return { chat: v.chat, legacy: v.legacy, captured_at: typeof v.captured_at === "string" ? v.captured_at : "" };
}
