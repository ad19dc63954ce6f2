import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/errors";
import { UpstreamError } from "@/lib/platforms/upstream-error";
import { isTransient, KEY_WINDOW_MS, MAX_ATTEMPTS, retryDelayMs } from "./auto-post-policy";

describe("auto-post retries", () => {
  it("back off 1, 2, 4, 8, 16 minutes and all fit in the key's window", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 16, 16]);
    const lastAttemptAt = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(lastAttemptAt).toBe(31 * 60_000);
    expect(lastAttemptAt).toBeLessThan(KEY_WINDOW_MS);
  });

  it("retry what another attempt may cure, never what the platform or a check refused", () => {
    expect(isTransient(new UpstreamError("federated", "federated did not answer within 10 s"))).toBe(true);
    for (const s of [408, 425, 429, 500, 502, 503]) expect(isTransient(new UpstreamError("federated", "x", s)), String(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 410, 422]) expect(isTransient(new UpstreamError("federated", "x", s)), String(s)).toBe(false);
    expect(isTransient(new AppError("blocklisted", "This draft cannot be sent"))).toBe(false);
    expect(isTransient(new AppError("forbidden", "refused address"))).toBe(false);
    expect(isTransient(new Error("Connection terminated unexpectedly"))).toBe(true);
  });
});
