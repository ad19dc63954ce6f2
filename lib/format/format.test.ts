import { describe, expect, it } from "vitest";
import { formatCost } from "./cost";
import { failureLabel } from "./failure-labels";
import { formatAbsolute, formatRelative } from "./relative-time";
import { formatDate, formatDateTime, formatDay, formatDayTime, formatTime, formatWhen } from "./date-time";

const now = Date.parse("2026-11-26T12:00:00Z");

describe("formatRelative", () => {
  it("says how long ago, or how long until", () => {
    expect(formatRelative("2026-11-26T11:59:40Z", now)).toBe("just now");
    expect(formatRelative("2026-11-26T11:55:00Z", now)).toBe("5 min ago");
    expect(formatRelative("2026-11-26T09:00:00Z", now)).toBe("3 h ago");
    expect(formatRelative("2026-11-24T12:00:00Z", now)).toBe("2 d ago");
    expect(formatRelative("2026-11-26T12:20:00Z", now)).toBe("in 20 min");
  });
  it("gives the date beyond a week, in the viewer's zone", () => {
    expect(formatRelative("2026-11-01T23:30:00Z", now, "UTC")).toBe("Nov 1, 2026");
    expect(formatRelative("2026-11-01T23:30:00Z", now, "Asia/Tokyo")).toBe("Nov 2, 2026");
  });
});

describe("formatAbsolute", () => {
  it("names the zone, with a 24-hour clock that never reads 24:00", () => {
    expect(formatAbsolute("2026-11-26T00:05:09Z", "UTC")).toBe("Nov 26, 2026, 00:05:09 UTC");
    expect(formatAbsolute("2026-11-26T00:05:09Z", "Asia/Tokyo")).toBe("Nov 26, 2026, 09:05:09 GMT+9");
  });
});

describe("formatCost", () => {
  it("keeps fractions of a cent below a dollar and two decimals above", () => {
    expect(formatCost(0.0042)).toBe("$0.0042");
    expect(formatCost(0.5)).toBe("$0.50");
    expect(formatCost(0)).toBe("$0.00");
    expect(formatCost(12.345)).toBe("$12.35");
    expect(formatCost(null)).toBe("—");
  });
});

describe("failureLabel", () => {
  it("reads a code as words", () => {
    expect(failureLabel("auth_expired")).toBe("Sign-in expired");
    expect(failureLabel("some_new_code")).toBe("Some new code");
  });
});

describe("the one date style (date-time.ts)", () => {
  const at = "2026-11-29T00:05:09Z";
  it("writes dates, times and both with the zone's name, on a 24-hour clock that never reads 24:00", () => {
    expect(formatDate(at)).toBe("Nov 29, 2026");
    expect(formatDateTime(at)).toBe("Nov 29, 2026, 00:05 UTC");
    expect(formatTime(at)).toBe("00:05 UTC");
    expect(formatDayTime(at)).toBe("Nov 29, 00:05 UTC");
    expect(formatDay(at)).toBe("Nov 29");
  });
  it("in the viewer's zone when given one", () => {
    expect(formatDateTime(at, "Asia/Tokyo")).toBe("Nov 29, 2026, 09:05 GMT+9");
    expect(formatDate("2026-11-29T23:30:00Z", "Asia/Tokyo")).toBe("Nov 30, 2026");
    expect(formatDateTime(at, "America/New_York")).toBe("Nov 28, 2026, 19:05 EST");
  });
  it("gives the time alone today and the day too on another day, in that zone", () => {
    expect(formatWhen("2026-11-29T14:32:00Z", "2026-11-29T09:00:00Z")).toBe("14:32 UTC");
    expect(formatWhen("2026-11-27T09:05:00Z", "2026-11-29T09:00:00Z")).toBe("Nov 27, 09:05 UTC");
    expect(formatWhen("2026-11-29T20:00:00Z", "2026-11-29T09:00:00Z", "Asia/Tokyo")).toBe("Nov 30, 05:00 GMT+9");
  });
});
