// POST /api/auth/signup - first run only: create the first user and their organization, then sign in (public)
import { withPublic } from "@/lib/http/with-public";
import { env } from "@/lib/env";
import { ZSignupBody } from "@/lib/users/schemas";
import { createUserWithOrganization } from "@/lib/users/create-user-with-organization";
import { encodeSession, sessionCookieHeader } from "@/lib/auth/session-cookie";
import { isHttpsRequest } from "@/lib/http/request-origin";

export const POST = withPublic({ body: ZSignupBody }, async ({ req, body }) => {
  const created = await createUserWithOrganization({ ...body, firstRunOnly: true });
  const res = Response.json(created, { status: 201 });
  if (env.OUTREACH_AUTH) {
    const token = await encodeSession({ userId: created.user.id, orgId: created.organization.id, username: created.user.username });
    res.headers.append("set-cookie", sessionCookieHeader(token, isHttpsRequest(req.headers)));
  }
  return res;
});
