// POST /api/auth/email/verification - mail a new verification link to the signed-in person's address ("Send again";
// at most 5 an hour; 503 when this install sends no mail) (session only)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { sendVerification } from "@/lib/users/send-verification";

export const POST = withOrg({ apiKeys: false }, async ({ log, ...caller }) => {
  const user = requireUser(caller);
  return Response.json(await sendVerification({ userId: user.userId, log }), { status: 202 });
});
