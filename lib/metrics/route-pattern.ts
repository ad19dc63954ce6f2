// Names a request's path by the route that serves it ("/api/drafts/[id]", "/campaigns/[id]"), so the HTTP metrics
// have one series per route instead of one per draft id. The routes come from the build's routes manifest
// (.next/routes-manifest.json: each page with the regular expression Next matches it with). A path that matches no
// route (a 404, a scanner's guess) is "unmatched", so strangers cannot grow the series without bound.
import fs from "node:fs";
import path from "node:path";

export interface RouteMatcher {
  (pathname: string): string;
}

interface ManifestRoute {
  page: string;
  regex: string;
}

export function routeMatcherFromManifest(manifest: { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] }): RouteMatcher {
  const statics = new Set((manifest.staticRoutes ?? []).map((r) => r.page));
  const dynamics = (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  return (pathname) => {
    if (pathname.startsWith("/_next/")) return pathname.startsWith("/_next/static/") ? "/_next/static" : "/_next/other";
    const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    if (statics.has(trimmed)) return trimmed;
    for (const route of dynamics) if (route.regex.test(trimmed)) return route.page;
    return "unmatched";
  };
}

/** The matcher of the build this process serves; without a manifest (development, tests), numbers become "[id]". */
export function loadRouteMatcher(root = process.cwd()): RouteMatcher {
  try {
    const manifest = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ path.join(root, ".next", "routes-manifest.json"), "utf8"));
    return routeMatcherFromManifest(manifest);
  } catch {
    return (pathname) => pathname.replace(/\/\d+(?=\/|$)/g, "/[id]");
  }
}
