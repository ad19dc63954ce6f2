// The default organization owns everything when OUTREACH_AUTH is off (single-tenant self-host).
import { db } from "@/lib/db/client";
import { seedBuiltinPlaybooks } from "@/lib/playbooks/seed-builtin-playbooks";

export const DEFAULT_ORG_SLUG = "default";

type DefaultOrganization = { id: number; name: string };

const cache = globalThis as unknown as { __outreachDefaultOrg?: Promise<DefaultOrganization> };

/** Once per process; callers that arrive while it is being made wait for the same answer. */
export function ensureDefaultOrganization(): Promise<DefaultOrganization> {
  cache.__outreachDefaultOrg ??= findOrCreateDefaultOrganization().catch((err) => {
    cache.__outreachDefaultOrg = undefined;
    throw err;
  });
  return cache.__outreachDefaultOrg;
}

/**
 * Several instances starting on one new database all get here at once. The row is inserted with ON CONFLICT DO
 * NOTHING and then read, so every one of them finds the same organization; Prisma's upsert with an empty update
 * reads first and inserts after, and all but one of them would fail on the unique slug.
 */
export async function findOrCreateDefaultOrganization(): Promise<DefaultOrganization> {
  await db.organization.createMany({
    data: [{ slug: DEFAULT_ORG_SLUG, name: "Default organization", isDefault: true }],
    skipDuplicates: true,
  });
  const org = await db.organization.findUniqueOrThrow({ where: { slug: DEFAULT_ORG_SLUG }, select: { id: true, name: true } });
  // A new organization gets its read-only built-in playbooks; refreshing their text is boot's job.
  await seedBuiltinPlaybooks(db, org.id, { refresh: false });
  return org;
}

export function forgetDefaultOrganization() {
  cache.__outreachDefaultOrg = undefined;
}
