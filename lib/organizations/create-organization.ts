// A new organization with its owner and its built-in playbooks, inside the caller's transaction.
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedBuiltinPlaybooks } from "@/lib/playbooks/seed-builtin-playbooks";

export async function createOrganization(tx: Prisma.TransactionClient, opts: { name: string; ownerUserId: number }) {
  const org = await tx.organization.create({ data: { name: opts.name, slug: `${slugify(opts.name)}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}` } });
  await seedBuiltinPlaybooks(tx, org.id);
  await tx.membership.create({ data: { organizationId: org.id, userId: opts.ownerUserId, role: "owner" } });
  return { id: org.id, name: org.name };
}

function slugify(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "org";
}
