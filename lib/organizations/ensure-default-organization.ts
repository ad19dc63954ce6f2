// The default organization owns everything when OUTREACH_AUTH is off (single-tenant self-host).
import { db } from "@/lib/db/client";
import { seedBuiltinPlaybooks } from "@/lib/playbooks/seed-builtin-playbooks";

export const DEFAULT_ORG_SLUG = "default";

const cache = globalThis as unknown as { __outreachDefaultOrg?: { id: number; name: string } };

export async function ensureDefaultOrganization(): Promise<{ id: number; name: string }> {
  if (cache.__outreachDefaultOrg) return cache.__outreachDefaultOrg;
  const org = await db.organization.upsert({
    where: { slug: DEFAULT_ORG_SLUG },
    update: {},
    create: { slug: DEFAULT_ORG_SLUG, name: "Default organization", isDefault: true },
    select: { id: true, name: true },
  });
  // A new organization gets its read-only built-in playbooks; refreshing their text is boot's job.
  await seedBuiltinPlaybooks(db, org.id, { refresh: false });
  cache.__outreachDefaultOrg = org;
  return org;
}

export function forgetDefaultOrganization() {
  cache.__outreachDefaultOrg = undefined;
}
