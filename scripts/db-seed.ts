// `npm run db:seed`: create the default organization (and apply migrations first if needed).
import { ensureDatabase } from "@/lib/boot/ensure-database";
import { db } from "@/lib/db/client";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";

try {
  process.loadEnvFile();
} catch {}

await ensureDatabase();
const org = await ensureDefaultOrganization();
console.log(`default organization: #${org.id} ${org.name}`);
await db.$disconnect();
process.exit(0);
