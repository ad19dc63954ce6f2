// POST /api/auth/signup - create a user and sign in (public): the first user of a self-hosted install, anyone on
// the cloud edition, or anyone holding an invitation (lib/users/sign-up.ts). Cloud sign-ups are limited per address.
import { withPublic } from "@/lib/http/with-public";
import { env } from "@/lib/env";
import { rateLimited } from "@/lib/http/errors";
import { ZSignupBody } from "@/lib/users/schemas";
import { signUp } from "@/lib/users/sign-up";
import { isCloudEdition } from "@/lib/edition/edition";
import { recordSignUp, signUpRetryAfter } from "@/lib/users/sign-up-throttle";
import { encodeSession, sessionCookieHeader } from "@/lib/auth/session-cookie";
import { clientAddress, isHttpsRequest } from "@/lib/http/request-origin";

export const POST = withPublic({ body: ZSignupBody }, async ({ req, body }) => {
  // Only the cloud edition's sign-up is open to anyone; a self-hosted one lets in the first user and invitees.
  const attempt = isCloudEdition() ? { address: clientAddress(req.headers), now: new Date() } : null;
  const wait = attempt ? await signUpRetryAfter(attempt) : null;
  if (wait !== null) throw rateLimited("Too many sign-ups from this address. Try again later.", wait);
  const created = await signUp(body);
  if (attempt) await recordSignUp(attempt);
  const res = Response.json(created, { status: 201 });
  if (env.OUTREACH_AUTH) {
    const token = await encodeSession({ userId: created.user.id, orgId: created.organization.id, username: created.user.username });
    res.headers.append("set-cookie", sessionCookieHeader(token, isHttpsRequest(req.headers)));
  }
  return res;
});
