import { describe, expect, it } from "vitest";
import { decodeAuditCursor, encodeAuditCursor } from "@/lib/audit/audit-cursor";

describe("audit cursor", () => {
  it("round-trips microseconds, kind and id", () => {
    const c = { atUs: 1_764_000_000_123_456n, kind: "run" as const, id: 42 };
    expect(encodeAuditCursor(c)).toBe("1764000000123.456_run_42");
    expect(decodeAuditCursor(encodeAuditCursor(c))).toEqual(c);
  });
});
