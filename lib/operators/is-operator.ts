// Who sees the machinery (docs/security.md "Operators"). In the cloud edition customers never do: an operator is a
// person the server's command line made one (`outreach operators:grant`, users.operator_since), recognised by user
// id. OUTREACH_OPERATORS is at most a bootstrap for a fresh install: it may name email addresses, and a user is an
// operator through it only while that address is theirs and verified. It never names a username: usernames are
// first come, first served at sign-up, and derived from the part of an address anyone can choose.
//
// On a self-hosted install the people who run it are the operator too: everyone when sign-in is off (one person, one
// organization), and the admins and owners of the default organization (the first user adopts it when setting the
// install up) when it is on. Admins of other organizations on a self-hosted install are tenants like any other: the
// operator's area shows every organization, so it is never theirs.
import { db } from "@/lib/db/client";
import { readEnv } from "@/lib/env";
import { isCloudEdition } from "@/lib/edition/edition";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import type { Role } from "@/lib/generated/prisma/enums";

export interface OperatorCandidate {
  orgId: number;
  userId: number | null;
  role: Role;
  authEnabled: boolean;
  /** An API key's call: keys are never the operator. */
  apiKey?: unknown;
}

/** The email addresses OUTREACH_OPERATORS lists (lower-cased); entries that are not addresses are ignored. */
export function bootstrapOperatorEmails(): Set<string> {
  return new Set(
    (readEnv().OUTREACH_OPERATORS ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter((s) => /^[^@\s]+@[^@\s]+$/.test(s)),
  );
}

/** Whether this user holds the grant, or a verified address the bootstrap names. */
export async function hasOperatorGrant(userId: number): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { operatorSince: true, email: true, emailVerifiedAt: true } });
  if (!user) return false;
  if (user.operatorSince) return true;
  return user.email !== null && user.emailVerifiedAt !== null && bootstrapOperatorEmails().has(user.email);
}

export async function isOperator(caller: OperatorCandidate): Promise<boolean> {
  if (caller.apiKey) return false;
  if (caller.userId !== null && (await hasOperatorGrant(caller.userId))) return true;
  if (isCloudEdition()) return false;
  if (!caller.authEnabled) return true;
  return hasRole(caller.role, "admin") && caller.orgId === (await ensureDefaultOrganization()).id;
}
