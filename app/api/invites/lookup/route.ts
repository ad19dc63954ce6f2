// GET /api/invites/lookup?token= - the organization and role an invitation link offers, or why it no longer works
// (public: the join page asks before anyone signs in; it answers for the token in hand only)
import { withPublic } from "@/lib/http/with-public";
import { ZInviteLookupQuery } from "@/lib/invites/schemas";
import { lookupInvite } from "@/lib/invites/lookup-invite";

export const GET = withPublic({ query: ZInviteLookupQuery }, async ({ query }) => Response.json(await lookupInvite({ token: query.token })));
