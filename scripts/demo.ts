// `npm run demo`: fills the default organization with a realistic sample dataset (three projects with accounts,
// campaigns, runs, drafts in every state, conversations, insights and notifications) so the dashboard has
// something to show. Running it again is a no-op.
export {};

try {
  process.loadEnvFile();
} catch {}

// Imported after .env is loaded: lib/env validates the environment when it is first imported.

const { ensureDatabase } = await import("@/lib/boot/ensure-database");
const { db, closeDb } = await import("@/lib/db/client");
const { ensureDefaultOrganization } = await import("@/lib/organizations/ensure-default-organization");
const { isDemoLoaded, loadDemoData, DEMO_MARKER_PROJECT } = await import("@/lib/demo/load");

await ensureDatabase();
const org = await ensureDefaultOrganization();

if (await isDemoLoaded(org.id)) {
  console.log(`Demo data is already loaded (project "${DEMO_MARKER_PROJECT}" exists in "${org.name}"). Nothing changed.`);
} else {
  const started = Date.now();
  const summary = await loadDemoData(org.id);
  console.log(`Demo data loaded into "${org.name}" in ${((Date.now() - started) / 1000).toFixed(1)}s:`);
  const width = Math.max(...Object.keys(summary).map((k) => k.length));
  for (const [what, count] of Object.entries(summary)) console.log(`  ${what.padEnd(width)}  ${count}`);
}

await closeDb();
process.exit(0);
