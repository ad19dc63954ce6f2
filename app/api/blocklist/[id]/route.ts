// DELETE /api/blocklist/[id] - remove a blocklist entry (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { deleteBlocklistEntry } from "@/lib/blocklist/delete-blocklist-entry";

export const DELETE = withOrg({ params: z.object({ id: ZId }) }, async ({ orgId, params }) => {
  await deleteBlocklistEntry({ orgId, id: params.id });
  return new Response(null, { status: 204 });
});
