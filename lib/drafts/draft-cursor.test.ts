import { describe, expect, it } from "vitest";
import { decodeDraftCursor, encodeDraftCursor } from "@/lib/drafts/draft-cursor";
import { sendReadiness } from "@/lib/drafts/send-readiness";

describe("draft cursors", () => {
  it("round-trip and reject anything else with a 400", () => {
    expect(decodeDraftCursor(encodeDraftCursor({ id: 12, q: -1 }))).toEqual({ id: 12, q: -1 });
    for (const bad of ["", "abc", Buffer.from("[1]").toString("base64url"), Buffer.from('[1.5,3]').toString("base64url"), Buffer.from("[5,101]").toString("base64url")]) {
      expect(() => decodeDraftCursor(bad)).toThrow(/Invalid cursor/);
    }
  });
});

describe("send readiness", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it("is ready only when approved or armed, drafted, and not scheduled in the future", () => {
    expect(sendReadiness({ state: "approved", draftingRunId: null, scheduledSendAfter: null }, now)).toEqual({ ready: true, reason: null });
    expect(sendReadiness({ state: "armed", draftingRunId: null, scheduledSendAfter: "2026-11-21T11:00:00Z" }, now).ready).toBe(true);
    expect(sendReadiness({ state: "approved", draftingRunId: null, scheduledSendAfter: "2026-11-22T00:00:00Z" }, now)).toEqual({ ready: false, reason: "Scheduled for 2026-11-22T00:00:00.000Z" });
    expect(sendReadiness({ state: "pending_review", draftingRunId: null, scheduledSendAfter: null }, now).ready).toBe(false);
    expect(sendReadiness({ state: "approved", draftingRunId: 3, scheduledSendAfter: null }, now).ready).toBe(false);
  });
});
