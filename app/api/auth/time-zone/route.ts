// PUT /api/auth/time-zone - the zone the signed-in person's mails write times in (session only)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { ZTimeZoneBody } from "@/lib/users/schemas";
import { setTimeZone } from "@/lib/users/set-time-zone";

export const PUT = withOrg({ apiKeys: false, body: ZTimeZoneBody }, async ({ body, ...caller }) => {
  const user = requireUser(caller);
  return Response.json(await setTimeZone({ userId: user.userId, timeZone: body.timeZone }));
});
