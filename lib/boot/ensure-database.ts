// Brings the database up before the first request: the embedded server when DATABASE_URL is unset, then the
// migrations, then the default organization. Safe to call many times; the work happens once per process.
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { runMigrations } from "@/lib/db/migrate";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";

const state = globalThis as unknown as { __outreachBoot?: Promise<void> };

export function ensureDatabase(): Promise<void> {
  state.__outreachBoot ??= boot().catch((err) => {
    state.__outreachBoot = undefined;
    throw err;
  });
  return state.__outreachBoot;
}

async function boot() {
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres({ dataDir: env.OUTREACH_DATA_DIR, port: env.OUTREACH_EMBEDDED_PG_PORT, log });
    process.env.DATABASE_URL = embedded.url;
  }
  await runMigrations({ url: process.env.DATABASE_URL!, log });
  await ensureDefaultOrganization();
}
