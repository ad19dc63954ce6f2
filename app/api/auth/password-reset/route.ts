// POST /api/auth/password-reset - mail a single-use link to choose a new password to the account that uses this
// address (public). Always the same 202, whether or not an account uses it; throttled per client address and per
// email address (lib/users/mail-throttle.ts); 503 when this install sends no mail.
import { withPublic } from "@/lib/http/with-public";
import { clientAddress } from "@/lib/http/request-origin";
import { ZPasswordResetRequestBody } from "@/lib/users/schemas";
import { requestPasswordReset } from "@/lib/users/request-password-reset";

export const POST = withPublic({ body: ZPasswordResetRequestBody }, async ({ req, body, log }) =>
  Response.json(await requestPasswordReset({ email: body.email, address: clientAddress(req.headers), log }), { status: 202 }),
);
