// `npm run jobs`: the job engine alone, for a deployment whose web instances run with OUTREACH_JOBS=off (a fleet
// behind a load balancer: docs/deploying.md, "A fleet"). It brings the database up as an instance does (migrations,
// the default organization), runs the boot sweep, then the embedded worker until SIGTERM or SIGINT; a tick under way
// when it stops is done again by the next one, as after a crash (docs/jobs.md).
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
try {
  process.loadEnvFile(path.join(root, ".env"));
} catch {
  // no .env: the environment alone
}
// This process is the job engine whatever the web instances' environment says.
process.env.OUTREACH_JOBS = "on";

const { log } = await import("@/lib/log/logger");
const { ensureDatabase } = await import("@/lib/boot/ensure-database");
const { startBackgroundWork } = await import("@/lib/jobs/start-background-work");
const { closeDb } = await import("@/lib/db/client");

await ensureDatabase();
const { runner } = await startBackgroundWork();
if (!runner) {
  log.error("the job engine did not start: Trigger.dev runs the jobs (TRIGGER_SECRET_KEY is set)");
  process.exit(1);
}
process.stdout.write("JOBS_READY\n");
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void runner
      .stop()
      .catch(() => undefined)
      .then(() => closeDb())
      .finally(() => process.exit(signal === "SIGTERM" ? 143 : 130));
  });
}
await runner.promise;
