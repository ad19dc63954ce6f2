import { describe, expect, it } from "vitest";
import { formatCost } from "./cost";
import { failureLabel } from "./failure-labels";
import { formatAbsolute, formatRelative } from "./relative-time";

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
