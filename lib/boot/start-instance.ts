// What an instance does when it starts, before it serves a request (called from instrumentation.ts, on Node only).
// The order matters: the peer address and the shutdown handling first, the database before anything that reads it.
import { log } from "@/lib/log/logger";

export async function startInstance() {
  try {
    await startInOrder();
  } catch (err) {
    // Next keeps a failed start for good: the process would stay up and answer every request with a 500 until someone
    // restarted it. Exiting says why at the end of the log, and a supervisor (systemd, Docker) starts it again.
    log.error("the server could not start", { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.exit(1);
  }
}

async function startInOrder() {
  // First, so every request from here on carries its socket's address (client throttles; docs/security.md).
  const { installPeerAddressHeader } = await import("@/lib/http/peer-address");
  installPeerAddressHeader();
  // Every request from here on is counted for the metrics; the metrics' own port when the operator set one.
  const { installHttpMetrics } = await import("@/lib/metrics/install-http-metrics");
  installHttpMetrics();
  const { env: settings } = await import("@/lib/env");
  if (settings.OUTREACH_METRICS_PORT) {
    const { serveMetricsPort } = await import("@/lib/metrics/serve-metrics-port");
    await serveMetricsPort({ port: settings.OUTREACH_METRICS_PORT, host: settings.OUTREACH_METRICS_HOST });
  }
  // A stop (SIGTERM, SIGINT) finishes what is under way and ends the live streams before the process exits.
  const { installGracefulShutdown } = await import("@/lib/boot/graceful-shutdown");
  installGracefulShutdown();
  // `next start` serves the live stream itself, on the Node response (lib/events/serve-stream-natively.ts); development
  // keeps Next's route so edits reload.
  const { env } = await import("@/lib/env");
  if (process.env.NODE_ENV === "production" && env.OUTREACH_NATIVE_STREAM === "on") {
    const { installNativeEventStream } = await import("@/lib/events/serve-stream-natively");
    installNativeEventStream();
  }
  // The CSV export too, so a client that accepts gzip gets it at a cheap level (Next's own is not configurable).
  if (process.env.NODE_ENV === "production") {
    const { installNativeExport } = await import("@/lib/export/serve-export-natively");
    installNativeExport();
    // And the inbox's list and tab counts, its hottest reads: Next's handling and gzip cost as much as the routes.
    const { installNativeJsonRoutes } = await import("@/lib/http/serve-json-natively");
    const { handleCountDrafts, handleListDrafts } = await import("@/lib/drafts/inbox-handlers");
    installNativeJsonRoutes(new Map([["/api/drafts", handleListDrafts], ["/api/drafts/counts", handleCountDrafts]]));
  }
  // Operators are granted by id; a name in the bootstrap variable gives nobody anything, and the log says so.
  const ignored = (env.OUTREACH_OPERATORS ?? "").split(",").map((s) => s.trim()).filter((s) => s && !s.includes("@"));
  if (ignored.length > 0) {
    log.warn("OUTREACH_OPERATORS lists names that are not email addresses: they make nobody an operator (grant one with `npm run outreach -- operators:grant --user <name>`)", { ignored });
  }
  // Staging folders a killed upload left behind (an hour old or more) go now; the nightly sources-sweep job does the rest.
  const { sweepStaleStaging } = await import("@/lib/sources/sweep-source-files");
  void sweepStaleStaging()
    .then((removed) => removed > 0 && log.info("stale upload folders removed", { removed }))
    .catch((err: unknown) => log.warn("could not sweep stale upload folders", { error: (err as Error).message }));
  // The runners' CLIs are probed now, in the background (SPEC "Detection"): boot does not wait for them.
  const { detectRunnersAtBoot } = await import("@/lib/runners/detect-runners-at-boot");
  void detectRunnersAtBoot();
  const { ensureDatabase } = await import("@/lib/boot/ensure-database");
  await ensureDatabase();
  // Built-in playbooks ship with the code: when the server starts, every organization gets this release's text (rows
  // people made are left alone). Only the server does this, not every CLI call, so a text is not rewritten under a
  // run that is about to snapshot it.
  const [{ seedBuiltinPlaybooksForAll }, { db }] = await Promise.all([import("@/lib/playbooks/seed-builtin-playbooks"), import("@/lib/db/client")]);
  await seedBuiltinPlaybooksForAll(db);
  // The boot sweep (runs of a server that died) and the job engine: campaign schedules, the run rescuer, briefs.
  const { startBackgroundWork } = await import("@/lib/jobs/start-background-work");
  await startBackgroundWork();
}
