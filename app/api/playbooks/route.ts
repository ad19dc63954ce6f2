// GET /api/playbooks - the organization's playbooks (built-ins first, bodies as excerpts); POST - create one, or
// duplicate one with {duplicateOf} (session)
import { withOrg } from "@/lib/http/with-org";
import { ZPlaybookCreate } from "@/lib/playbooks/schemas";
import { listPlaybooks } from "@/lib/playbooks/list-playbooks";
import { createPlaybook } from "@/lib/playbooks/create-playbook";
import { duplicatePlaybook } from "@/lib/playbooks/duplicate-playbook";

export const GET = withOrg({}, async ({ orgId }) => Response.json({ playbooks: await listPlaybooks({ orgId }) }));

export const POST = withOrg({ body: ZPlaybookCreate }, async ({ orgId, body }) =>
  Response.json(
    "duplicateOf" in body ? await duplicatePlaybook({ orgId, id: body.duplicateOf }) : await createPlaybook({ orgId, input: body }),
    { status: 201 },
  ),
);
