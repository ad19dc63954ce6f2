// Creates a user as the owner of an organization. On a self-hosted install the very first user adopts the default
// organization, so whatever was created while sign-in was off stays with them; later calls create a new
// organization. The cloud edition never hands the default organization to anyone.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/auth/password";
import { isCloudEdition } from "@/lib/edition/edition";
import { createOrganization } from "@/lib/organizations/create-organization";
import { ensureDefaultOrganization, forgetDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { createUser } from "@/lib/users/create-user";

export async function createUserWithOrganization(opts: {
  organizationName: string;
  /** At least one of the two: without a username, one is derived from the email address. */
  username?: string;
  email?: string;
  password: string;
  firstRunOnly?: boolean;
  /** Made by the server's command line, where the operator may choose a reserved username. */
  commandLine?: boolean;
}) {
  const passwordHash = await hashPassword(opts.password);
  const cloud = isCloudEdition();
  const defaultOrg = cloud ? null : await ensureDefaultOrganization();
  const result = await db.$transaction(async (tx) => {
    // Serialise first-run sign-ups so two racing requests cannot both become "the first user".
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(7210421124)`;
    const userCount = await tx.user.count();
    if (opts.firstRunOnly && userCount > 0) {
      throw new AppError("conflict", "Setup is already complete. Sign in instead.");
    }
    const user = await createUser(tx, { username: opts.username, email: opts.email, passwordHash, commandLine: opts.commandLine });
    let org: { id: number; name: string };
    if (defaultOrg && userCount === 0) {
      org = await tx.organization.update({ where: { id: defaultOrg.id }, data: { name: opts.organizationName }, select: { id: true, name: true } });
      await tx.membership.create({ data: { organizationId: org.id, userId: user.id, role: "owner" } });
    } else {
      org = await createOrganization(tx, { name: opts.organizationName, ownerUserId: user.id });
    }
    return { user, organization: org };
  });
  forgetDefaultOrganization();
  return result;
}
