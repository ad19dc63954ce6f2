// POST /api/auth/signup. With an invitation, a new user joins the invitation's organization (any edition); one made
// for an address (where addresses can be verified) is joined once the person confirms that address, and the sign-up
// answers without a session until then (lib/invites/invite-address.ts). Without
// one, the cloud edition creates the user with an organization of their own; a self-hosted install only lets the
// first user in this way (later users come by invitation or `npm run outreach -- users:create`).
// The cloud edition asks everyone for an email address (it signs them in and gets them back in); a self-hosted install
// takes one when given. Without a username, one is derived from the address. When mail is configured, a new address
// gets a verification link (in the background: sign-up never waits on the mail server).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/auth/password";
import { isCloudEdition } from "@/lib/edition/edition";
import { acceptInvite } from "@/lib/invites/accept-invite";
import { claimInvite, inviteForSignUp } from "@/lib/invites/claim-invite";
import type { Logger } from "@/lib/log/logger";
import { createUser } from "@/lib/users/create-user";
import { createUserWithOrganization } from "@/lib/users/create-user-with-organization";
import { queueVerificationMail } from "@/lib/users/send-verification";

export interface SignUpInput {
  email?: string;
  username?: string;
  password: string;
  organizationName?: string;
  inviteToken?: string;
}

type SignedUp = {
  user: { id: number; username: string; email: string | null };
  /** Null when the person joins an invitation's organization only once they confirm their address. */
  organization: { id: number; name: string } | null;
  pendingInvitation?: { organizationName: string };
};

export async function signUp(input: SignUpInput, { log }: { log: Logger }): Promise<SignedUp & { verificationSent: boolean }> {
  if (isCloudEdition() && !input.email) {
    throw new AppError("bad_request", "Enter your email address: you sign in with it, and it gets you back in if you forget your password.", { field: "email" });
  }
  if (!input.email && !input.username) throw new AppError("bad_request", "Choose a username, or enter your email address.", { field: "username" });
  const created = await createAccount(input);
  const verificationSent = created.user.email ? await queueVerificationMail({ userId: created.user.id, email: created.user.email, log }) : false;
  return { ...created, verificationSent };
}

async function createAccount(input: SignUpInput): Promise<SignedUp> {
  if (input.inviteToken) {
    const passwordHash = await hashPassword(input.password);
    const inviteToken = input.inviteToken;
    return db.$transaction(async (tx) => {
      const invite = await inviteForSignUp(tx, { token: inviteToken, email: input.email, now: new Date() });
      const user = await createUser(tx, { username: input.username, email: input.email, passwordHash });
      if (invite.boundEmail) {
        await claimInvite(tx, { inviteId: invite.id, userId: user.id });
        return { user, organization: null, pendingInvitation: { organizationName: invite.organizationName } };
      }
      const joined = await acceptInvite({ token: inviteToken, userId: user.id }, tx);
      return { user, organization: { id: joined.orgId, name: joined.orgName } };
    });
  }
  if (!input.organizationName) throw new AppError("bad_request", "Name your organization, or sign up with an invitation link", { field: "organizationName" });
  return createUserWithOrganization({ organizationName: input.organizationName, username: input.username, email: input.email, password: input.password, firstRunOnly: !isCloudEdition() });
}
