import { describe, expect, it } from "vitest";
import { routeMatcherFromManifest } from "@/lib/metrics/route-pattern";

// The shape of .next/routes-manifest.json as `next build` writes it.
const match = routeMatcherFromManifest({
  staticRoutes: [{ page: "/", regex: "^/(?:/)?$" }, { page: "/inbox", regex: "^/inbox(?:/)?$" }],
  dynamicRoutes: [
    { page: "/api/drafts/[id]", regex: "^/api/drafts/([^/]+?)(?:/)?$" },
    { page: "/campaigns/[id]/runs", regex: "^/campaigns/([^/]+?)/runs(?:/)?$" },
  ],
});

describe("routeMatcherFromManifest", () => {
  it("names a path by the route that serves it", () => {
    expect(match("/")).toBe("/");
    expect(match("/inbox")).toBe("/inbox");
    expect(match("/inbox/")).toBe("/inbox");
    expect(match("/api/drafts/42")).toBe("/api/drafts/[id]");
    expect(match("/campaigns/7/runs")).toBe("/campaigns/[id]/runs");
  });

  it("folds Next's assets and anything unknown into a few names", () => {
    expect(match("/_next/static/chunks/abc.js")).toBe("/_next/static");
    expect(match("/_next/image")).toBe("/_next/other");
    expect(match("/wp-login.php")).toBe("unmatched");
    expect(match("/api/drafts/1/2/3")).toBe("unmatched");
  });
});
