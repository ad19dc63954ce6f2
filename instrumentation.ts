// Runs once when the Next server starts, before it serves a request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("@/lib/log/logger");
  try {
    const { startInstance } = await import("@/lib/boot/start-instance");
    await startInstance();
  } catch (err) {
    // Next keeps a failed start for good: the process would stay up and answer every request with a 500 until someone
    // restarted it. Exiting says why at the end of the log, and a supervisor (systemd, Docker) starts it again.
    log.error("the server could not start", { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.exit(1);
  }
}
