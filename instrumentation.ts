// Runs once when the Next server starts, before it serves a request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
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
