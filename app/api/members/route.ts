// GET /api/members - who belongs to the active organization, with their roles (session, member)
import { withOrg } from "@/lib/http/with-org";
import { listMembers } from "@/lib/members/list-members";

export const GET = withOrg({ apiKeys: false }, async ({ orgId, userId }) => Response.json({ members: await listMembers({ orgId, userId }) }));
