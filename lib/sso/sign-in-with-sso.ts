// The person an organization's provider vouched for, signed in to that organization and no other. Checks, in order:
// the connection is on, the provider says the address is verified, and the address is of the domain this
// organization proved. Then just-in-time: a new person gets an account (no password: one can be set later through
// Forgot password) and everyone not yet a member joins with the connection's default role. The organization comes
// from the connection the callback was for, never from anything the provider sends.
import { db } from "@/lib/db/client";
import { deriveUsername } from "@/lib/users/derive-username";
import { emailDomain } from "@/lib/sso/email-domain";

export type SsoRefusal = "sso_off" | "no_email" | "email_unverified" | "wrong_domain";

export class SsoRefusedError extends Error {
  constructor(readonly refusal: SsoRefusal) {
    super(refusal);
    this.name = "SsoRefusedError";
  }
}

/** What a provider's ID token (or userinfo answer) says about the person. */
export interface SsoClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

export interface SsoSignedIn {
  userId: number;
  username: string;
  orgId: number;
  sessionVersion: number;
  /** True when this sign-in made the account. */
  created: boolean;
}

// Not a scrypt hash, so no password ever matches it (lib/auth/password.ts) until the person sets one.
const NO_PASSWORD = "sso$no-password";

export async function signInWithSso({ connectionId, claims }: { connectionId: number; claims: SsoClaims }): Promise<SsoSignedIn> {
  const connection = await db.ssoConnection.findUnique({ where: { id: connectionId }, select: { organizationId: true, domain: true, enabled: true, defaultRole: true } });
  if (!connection?.enabled || !connection.domain) throw new SsoRefusedError("sso_off");
  if (typeof claims.email !== "string" || !claims.email.includes("@")) throw new SsoRefusedError("no_email");
  // An unverified address is a name the person typed at the provider; it proves nothing about the domain.
  if (claims.email_verified !== true && claims.email_verified !== "true") throw new SsoRefusedError("email_unverified");
  const email = claims.email.trim().toLowerCase();
  if (emailDomain(email) !== connection.domain) throw new SsoRefusedError("wrong_domain");
  const orgId = connection.organizationId;
  const attempt = () =>
    db.$transaction(async (tx) => {
      let user = await tx.user.findUnique({ where: { email }, select: { id: true, username: true, sessionVersion: true, emailVerifiedAt: true } });
      let created = false;
      if (!user) {
        const username = await deriveUsername(tx, email);
        user = await tx.user.create({
          data: { username, email, passwordHash: NO_PASSWORD, emailVerifiedAt: new Date(), name: typeof claims.name === "string" ? claims.name.slice(0, 200) : null },
          select: { id: true, username: true, sessionVersion: true, emailVerifiedAt: true },
        });
        created = true;
      } else if (!user.emailVerifiedAt) {
        await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
      }
      const member = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId: orgId, userId: user.id } }, select: { id: true } });
      if (!member) await tx.membership.create({ data: { organizationId: orgId, userId: user.id, role: connection.defaultRole } });
      return { userId: user.id, username: user.username, orgId, sessionVersion: user.sessionVersion, created };
    });
  try {
    return await attempt();
  } catch (err) {
    // Two first sign-ins of one person at once: the other made the account or the membership; this one finds it.
    if ((err as { code?: string }).code === "P2002") return attempt();
    throw err;
  }
}
