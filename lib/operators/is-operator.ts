// Who sees the machinery (docs/cloud-edition.md, "The operator area"). In the cloud edition customers never do: the
// operator is named by configuration, OUTREACH_OPERATORS (usernames, comma-separated). On a self-hosted install the
// people who run it are the operator: everyone when sign-in is off (one person, one organization), and the admins and
// owners of the default organization (the first user adopts it when setting the install up) when it is on, plus
// anyone OUTREACH_OPERATORS names. Admins of other organizations on a self-hosted install are tenants like any other:
// the operator's area shows every organization, so it is never theirs.
import { readEnv } from "@/lib/env";
import { isCloudEdition } from "@/lib/edition/edition";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import type { Role } from "@/lib/generated/prisma/enums";

export interface OperatorCandidate {
  orgId: number;
  username: string | null;
  role: Role;
  authEnabled: boolean;
  /** An API key's call: keys are never the operator. */
  apiKey?: unknown;
}

export function operatorUsernames(): Set<string> {
  return new Set(
    (readEnv().OUTREACH_OPERATORS ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

export async function isOperator(caller: OperatorCandidate): Promise<boolean> {
  if (caller.apiKey) return false;
  if (caller.username && operatorUsernames().has(caller.username.toLowerCase())) return true;
  if (isCloudEdition()) return false;
  if (!caller.authEnabled) return true;
  return hasRole(caller.role, "admin") && caller.orgId === (await ensureDefaultOrganization()).id;
}
