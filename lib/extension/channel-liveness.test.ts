import { describe, expect, it } from "vitest";
import { channelLiveness, readStoredStatus, STALE_AFTER_MS } from "./channel-liveness";

const now = new Date("2026-11-22T03:00:00Z");
const report = { chat: "unauthorized", legacy: "ok", captured_at: "2026-11-22T02:59:00Z" };

describe("channel liveness", () => {
  it("is the last report while the device keeps syncing", () => {
    expect(channelLiveness(report, new Date(now.getTime() - 60_000), now)).toEqual({ channels: { chat: "unauthorized", legacy: "ok" }, stale: false });
    expect(channelLiveness(report, new Date(now.getTime() - STALE_AFTER_MS), now).stale).toBe(false);
  });

  it("turns unknown after three of the longest poll intervals without a sync", () => {
    expect(STALE_AFTER_MS).toBe(90 * 60_000);
    expect(channelLiveness(report, new Date(now.getTime() - STALE_AFTER_MS - 1), now)).toEqual({ channels: { chat: "unknown", legacy: "unknown" }, stale: true });
  });

  it("is unknown for a device that never synced or whose stored report is unreadable", () => {
    expect(channelLiveness(null, null, now)).toEqual({ channels: { chat: "unknown", legacy: "unknown" }, stale: false });
    expect(channelLiveness({ chat: "green", legacy: "ok" }, now, now).channels.chat).toBe("unknown");
    expect(readStoredStatus("ok")).toBeNull();
    expect(readStoredStatus(report)).toEqual(report);
  });
});
