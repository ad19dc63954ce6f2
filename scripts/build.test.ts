import { describe, expect, it } from "vitest";
import { nextTelemetryEnv } from "./build.mjs";

describe("Next's anonymous telemetry", () => {
  it("is off for an install unless its operator turns it on", () => {
    expect(nextTelemetryEnv({})).toEqual({ NEXT_TELEMETRY_DISABLED: "1" });
    expect(nextTelemetryEnv({ OUTREACH_NEXT_TELEMETRY: "on" })).toEqual({});
    // A choice the operator made with Next's own variable stands.
    expect(nextTelemetryEnv({ NEXT_TELEMETRY_DISABLED: "1" })).toEqual({});
  });
});
