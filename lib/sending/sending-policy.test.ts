import { describe, expect, it } from "vitest";
import { dayCapAt, decideSend, defaultPolicy, mergeOverrides, nextSendAfter, type SendingPolicy } from "./sending-policy";
import { describeStatus } from "./sending-status";

const created = new Date("2026-11-01T09:00:00Z");
const at = (iso: string) => new Date(iso);
const MIN = 60_000;
const loose: SendingPolicy = { dailyCap: 10, hourlyCap: 10, minGapSeconds: 0, jitterSeconds: 0, warmup: false, warmupStart: 1, warmupStep: 1 };

describe("warm-up", () => {
  it("starts at warmupStart and grows by warmupStep a day up to the daily cap", () => {
    const p = defaultPolicy("forum");
    const caps = [0, 1, 2, 8, 9, 20].map((d) => dayCapAt(p, created, new Date(created.getTime() + d * 24 * 60 * MIN)).cap);
    expect(caps).toEqual([3, 5, 7, 19, 20, 20]);
    expect(dayCapAt({ ...p, warmup: false }, created, created).cap).toBe(20);
  });
});

describe("decideSend", () => {
  it("allows a send under every limit", () => {
    expect(decideSend({ policy: loose, accountCreatedAt: created, now: at("2026-11-20T10:00:00Z"), sends: [], nextSendAt: null })).toEqual({ allowed: true });
  });

  it("holds for the gap until the next send time", () => {
    const d = decideSend({ policy: { ...loose, minGapSeconds: 300 }, accountCreatedAt: created, now: at("2026-11-20T10:00:00Z"), sends: [], nextSendAt: at("2026-11-20T10:04:00Z") });
    expect(d).toEqual({ allowed: false, sendAfter: at("2026-11-20T10:04:00Z"), reason: "The account's sending limits: at least 5 min between sends" });
  });

  it("holds for the daily cap until the oldest send that counts is a day old, and names every limit reached", () => {
    const sends = ["2026-11-19T11:00:00Z", "2026-11-19T12:00:00Z", "2026-11-20T09:30:00Z"].map(at);
    const d = decideSend({ policy: { ...loose, dailyCap: 3, hourlyCap: 1 }, accountCreatedAt: created, now: at("2026-11-20T10:00:00Z"), sends, nextSendAt: null });
    expect(d).toEqual({
      allowed: false,
      sendAfter: at("2026-11-20T11:00:00Z"),
      reason: "The account's sending limits: 3 of 3 sends in the last 24 hours; 1 of 1 sends in the last hour",
    });
  });

  it("during warm-up the next day's higher cap can come before the window frees a slot", () => {
    const p = { ...loose, dailyCap: 20, warmup: true, warmupStart: 2, warmupStep: 2 };
    const sends = ["2026-11-01T20:00:00Z", "2026-11-01T21:00:00Z"].map(at);
    const d = decideSend({ policy: p, accountCreatedAt: created, now: at("2026-11-01T22:00:00Z"), sends, nextSendAt: null });
    expect(d).toMatchObject({ allowed: false, sendAfter: at("2026-11-02T09:00:00Z"), reason: "The account's sending limits: 2 of 2 sends in the last 24 hours (warm-up day 1)" });
  });
});

it("the next send time is the gap plus a share of the jitter", () => {
  const p = { ...loose, minGapSeconds: 60, jitterSeconds: 120 };
  expect(nextSendAfter(p, at("2026-11-20T10:00:00Z"), () => 0)).toEqual(at("2026-11-20T10:01:00Z"));
  expect(nextSendAfter(p, at("2026-11-20T10:00:00Z"), () => 0.9999)).toEqual(at("2026-11-20T10:03:00Z"));
});

it("a patch sets fields and null puts one back to the default", () => {
  expect(mergeOverrides({ dailyCap: 5, hourlyCap: 2 }, { dailyCap: null, warmup: false })).toEqual({ hourlyCap: 2, warmup: false });
  expect(mergeOverrides({ dailyCap: "lots" }, {})).toEqual({});
});

it("the words of the Accounts tab", () => {
  const s = describeStatus({
    accountId: 1, platform: "forum", createdAt: created, stored: { warmup: false }, nextSendAt: at("2026-11-20T14:32:00Z"),
    sends: Array.from({ length: 12 }, (_, i) => new Date(at("2026-11-20T14:24:00Z").getTime() - i * 90 * MIN)), now: at("2026-11-20T14:30:00Z"),
  });
  expect(s.words).toBe("12 of 20 sent in the last 24 hours; 1 of 4 this hour; next send allowed at 14:32 UTC");
});
