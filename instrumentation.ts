// Runs once when the Next server starts, before it serves a request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureDatabase } = await import("@/lib/boot/ensure-database");
  await ensureDatabase();
  // Runs orphaned by an instance that died are failed once past the run timeout: now, then every 5 minutes.
  const { sweepStaleRuns } = await import("@/lib/runs/sweep-stale-runs");
  const sweep = () => void sweepStaleRuns().catch(() => undefined);
  sweep();
  setInterval(sweep, 5 * 60_000).unref();
}
