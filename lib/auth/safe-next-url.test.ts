import { describe, expect, it } from "vitest";
import { safeNextUrl } from "@/lib/auth/safe-next-url";

const origin = "https://outreach.example.com";
const home = `${origin}/`;

describe("safeNextUrl", () => {
  it("keeps a path of this origin with its query and hash, as an absolute address", () => {
    expect(safeNextUrl("/campaigns/7?tab=runs#latest", origin)).toBe(`${origin}/campaigns/7?tab=runs#latest`);
    expect(safeNextUrl("/join/inv_abc", origin)).toBe(`${origin}/join/inv_abc`);
  });

  it("sends anything that leaves the origin home, however it is spelled", () => {
    for (const next of [
      "//evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "http://outreach.example.com/", // another scheme is another origin
      "javascript:alert(1)",
      "data:text/html,hi",
      " //evil.example",
    ]) {
      expect(safeNextUrl(next, origin), JSON.stringify(next)).toBe(home);
    }
  });

  it("dot segments that turn into // after the origin check stay on this origin, with one slash", () => {
    for (const next of ["/.//evil.example/x", "/..//evil.example/x", "/a/..//evil.example/x", "/%2e//evil.example/x", "/./\\evil.example/x", "/a/../\\/evil.example/x"]) {
      const out = safeNextUrl(next, origin);
      expect(new URL(out).origin, JSON.stringify(next)).toBe(origin);
      expect(out, JSON.stringify(next)).toBe(`${origin}/evil.example/x`);
      // Read as the browser reads a location, it is still this origin.
      expect(new URL(out, "https://anywhere.example").origin).toBe(origin);
    }
  });

  it("goes home for nothing at all", () => {
    expect(safeNextUrl(undefined, origin)).toBe(home);
    expect(safeNextUrl("", origin)).toBe(home);
  });
});
