// Brings the database up before the first request: the embedded server when DATABASE_URL is unset, then the
// migrations, then the default organization. Safe to call many times; the work happens once per process.
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { runMigrations } from "@/lib/db/migrate";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { isTransientDbError } from "@/lib/db/is-transient-db-error";

const state = globalThis as unknown as { __outreachBoot?: Promise<void>; __outreachEmbeddedDatabase?: EmbeddedDatabaseInUse };

export interface EmbeddedDatabaseInUse {
  url: string;
  dataDir: string;
}

/**
 * The embedded database this process booted on, or null when DATABASE_URL named a PostgreSQL of the operator's own.
 * Recorded at boot because boot publishes the embedded server's URL as DATABASE_URL: afterwards the variable alone
 * no longer tells the two apart.
 */
export function embeddedDatabaseInUse(): EmbeddedDatabaseInUse | null {
  return state.__outreachEmbeddedDatabase ?? null;
}

/** Waits between attempts when the database says "not now" (starting, full, unreachable): about 30 s in all. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15000];

export function ensureDatabase(): Promise<void> {
  state.__outreachBoot ??= bootPatiently().catch((err) => {
    state.__outreachBoot = undefined;
    throw err;
  });
  return state.__outreachBoot;
}

async function bootPatiently() {
  for (let attempt = 0; ; attempt++) {
    try {
      return await boot();
    } catch (err) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isTransientDbError(err)) throw err;
      log.warn("the database is not ready; trying again", { attempt: attempt + 1, inMs: delay, error: err instanceof Error ? err.message : String(err) });
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

async function boot() {
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres({ dataDir: env.OUTREACH_DATA_DIR, port: env.OUTREACH_EMBEDDED_PG_PORT, log });
    process.env.DATABASE_URL = embedded.url;
    state.__outreachEmbeddedDatabase = { url: embedded.url, dataDir: env.OUTREACH_DATA_DIR };
  }
  await runMigrations({ url: process.env.DATABASE_URL!, log });
  await ensureDefaultOrganization();
}
