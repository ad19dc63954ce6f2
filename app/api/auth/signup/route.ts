// POST /api/auth/signup - create a user and sign in (public): the first user of a self-hosted install, anyone on
// the cloud edition, or anyone holding an invitation (lib/users/sign-up.ts). Cloud sign-ups are limited per address
// and overall (lib/users/sign-up-throttle.ts). The cloud edition asks for an email address; when mail is configured
// it gets a verification link.
import { withPublic } from "@/lib/http/with-public";
import { env } from "@/lib/env";
import { rateLimited } from "@/lib/http/errors";
import { ZSignupBody } from "@/lib/users/schemas";
import { signUp } from "@/lib/users/sign-up";
import { isCloudEdition } from "@/lib/edition/edition";
import { recordSignUp, signUpRetryAfter } from "@/lib/users/sign-up-throttle";
import { rememberAddress } from "@/lib/auth/remember-address";
import { encodeSession, sessionCookieHeader } from "@/lib/auth/session-cookie";
import { clientAddress, isHttpsRequest } from "@/lib/http/request-origin";

export const POST = withPublic({ body: ZSignupBody }, async ({ req, body, log }) => {
  const address = clientAddress(req.headers);
  // Only the cloud edition's sign-up is open to anyone; a self-hosted one lets in the first user and invitees.
  const attempt = isCloudEdition() ? { address, now: new Date() } : null;
  const limited = attempt ? await signUpRetryAfter(attempt) : null;
  if (limited?.overall) throw rateLimited("Sign-ups are paused for a little while. Please try again later.", limited.wait);
  if (limited) throw rateLimited("Too many sign-ups from this address. Try again later.", limited.wait);
  const created = await signUp(body, { log });
  if (attempt) await recordSignUp(attempt);
  await rememberAddress({ userId: created.user.id, address });
  const res = Response.json(created, { status: 201 });
  // Someone joining an invitation made for their address signs in once they have confirmed it (and joined).
  if (env.OUTREACH_AUTH && created.organization) {
    const token = await encodeSession({ userId: created.user.id, orgId: created.organization.id, username: created.user.username });
    res.headers.append("set-cookie", sessionCookieHeader(token, isHttpsRequest(req.headers)));
  }
  return res;
});
