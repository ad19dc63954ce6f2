import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/auth/safe-next-path";

const origin = "https://outreach.example.com";

describe("safeNextPath", () => {
  it("keeps a path of this origin with its query and hash", () => {
    expect(safeNextPath("/campaigns/7?tab=runs#latest", origin)).toBe("/campaigns/7?tab=runs#latest");
    expect(safeNextPath("/join/inv_abc", origin)).toBe("/join/inv_abc");
  });

  it("sends anything that leaves the origin home, however it is spelled", () => {
    for (const next of [
      "//evil.example",
      "/\t/evil.example",
      "/%09/evil.example".replace("%09", "\t"),
      "/\n/evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "http://outreach.example.com/", // another scheme is another origin
      "javascript:alert(1)",
      "data:text/html,hi",
      " //evil.example",
    ]) {
      expect(safeNextPath(next, origin), JSON.stringify(next)).toBe("/");
    }
  });

  it("goes home for nothing at all", () => {
    expect(safeNextPath(undefined, origin)).toBe("/");
    expect(safeNextPath("", origin)).toBe("/");
  });
});
