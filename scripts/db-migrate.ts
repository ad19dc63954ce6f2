// `npm run db:migrate`: apply prisma/migrations to DATABASE_URL (or the embedded database when it is unset).
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { runMigrations } from "@/lib/db/migrate";
import { startEmbeddedPostgres } from "@/lib/db/embedded";

try {
  process.loadEnvFile();
} catch {}

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: env.OUTREACH_DATA_DIR, port: env.OUTREACH_EMBEDDED_PG_PORT, log });
const url = process.env.DATABASE_URL ?? embedded!.url;
const result = await runMigrations({ url, log });
console.log(`migrations: ${result.applied.length} applied, ${result.skipped.length} already in place`);
await embedded?.stop();
