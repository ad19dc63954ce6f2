// POST /api/auth/signup. With an invitation, a new user joins the invitation's organization (any edition). Without
// one, the cloud edition creates the user with an organization of their own; a self-hosted install only lets the
// first user in this way (later users come by invitation or `npm run outreach -- users:create`).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/auth/password";
import { isCloudEdition } from "@/lib/edition/edition";
import { acceptInvite } from "@/lib/invites/accept-invite";
import { createUser } from "@/lib/users/create-user";
import { createUserWithOrganization } from "@/lib/users/create-user-with-organization";

export interface SignUpInput {
  username: string;
  password: string;
  organizationName?: string;
  inviteToken?: string;
}

export async function signUp(input: SignUpInput): Promise<{ user: { id: number; username: string }; organization: { id: number; name: string } }> {
  if (input.inviteToken) {
    const passwordHash = await hashPassword(input.password);
    const inviteToken = input.inviteToken;
    return db.$transaction(async (tx) => {
      const user = await createUser(tx, { username: input.username, passwordHash });
      const joined = await acceptInvite({ token: inviteToken, userId: user.id }, tx);
      return { user, organization: { id: joined.orgId, name: joined.orgName } };
    });
  }
  if (!input.organizationName) throw new AppError("bad_request", "Name your organization, or sign up with an invitation link", { field: "organizationName" });
  return createUserWithOrganization({ organizationName: input.organizationName, username: input.username, password: input.password, firstRunOnly: !isCloudEdition() });
}
