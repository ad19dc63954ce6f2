// Creates a user as the owner of an organization. The very first user adopts the default organization, so
// whatever was created while sign-in was off stays with them; later calls create a new organization.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/auth/password";
import { seedBuiltinPlaybooks } from "@/lib/playbooks/seed-builtin-playbooks";
import { ensureDefaultOrganization, forgetDefaultOrganization } from "@/lib/organizations/ensure-default-organization";

export async function createUserWithOrganization(opts: {
  organizationName: string;
  username: string;
  password: string;
  firstRunOnly?: boolean;
}) {
  const passwordHash = await hashPassword(opts.password);
  const defaultOrg = await ensureDefaultOrganization();
  const result = await db.$transaction(async (tx) => {
    // Serialise first-run sign-ups so two racing requests cannot both become "the first user".
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(7210421124)`;
    const userCount = await tx.user.count();
    if (opts.firstRunOnly && userCount > 0) {
      throw new AppError("conflict", "Setup is already complete. Sign in instead.");
    }
    if (await tx.user.findUnique({ where: { username: opts.username } })) {
      throw new AppError("conflict", "That username is taken");
    }
    const org =
      userCount === 0
        ? await tx.organization.update({ where: { id: defaultOrg.id }, data: { name: opts.organizationName } })
        : await tx.organization.create({
            data: { name: opts.organizationName, slug: `${slugify(opts.organizationName)}-${Date.now().toString(36)}` },
          });
    // A new organization starts with the built-in playbooks, in the same transaction as the organization itself.
    if (userCount > 0) await seedBuiltinPlaybooks(tx, org.id);
    const user = await tx.user.create({ data: { username: opts.username, passwordHash } });
    await tx.membership.create({ data: { organizationId: org.id, userId: user.id, role: "owner" } });
    return { user: { id: user.id, username: user.username }, organization: { id: org.id, name: org.name } };
  });
  forgetDefaultOrganization();
  return result;
}

function slugify(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "org";
}
