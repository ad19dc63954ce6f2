// `npm run db:seed`: create the default organization (and apply migrations first if needed).
import { ensureDatabase } from "@/lib/boot/ensure-database";
import { closeDb } from "@/lib/db/client";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";

try {
  process.loadEnvFile();
} catch {}

await ensureDatabase();
const org = await ensureDefaultOrganization();
console.log(`default organization: #${org.id} ${org.name}`);
await closeDb();
process.exit(0);
