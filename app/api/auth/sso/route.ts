// POST /api/auth/sso - which provider a work email signs in through: {email} -> {providerId}; the sign-in page then
// starts next-auth's flow at /api/auth/signin/<providerId> (public; docs/sso.md)
import { withPublic } from "@/lib/http/with-public";
import { ZStartSsoBody } from "@/lib/sso/schemas";
import { unsafeFindSsoForEmail } from "@/lib/sso/find-sso-for-email";

export const POST = withPublic({ body: ZStartSsoBody }, async ({ body }) => Response.json(await unsafeFindSsoForEmail({ email: body.email })));
