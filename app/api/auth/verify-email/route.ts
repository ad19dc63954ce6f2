// POST /api/auth/verify-email - spend a verification link: the address it was sent to becomes the account's verified
// address (public; the link's token is the credential, so it works from a phone that is not signed in).
import { withPublic } from "@/lib/http/with-public";
import { ZVerifyEmailBody } from "@/lib/users/schemas";
import { verifyEmail } from "@/lib/users/verify-email";

export const POST = withPublic({ body: ZVerifyEmailBody }, async ({ body }) => Response.json(await verifyEmail({ token: body.token })));
