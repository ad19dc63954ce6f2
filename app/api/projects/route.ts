// GET /api/projects - list the organization's projects; POST - create one (session)
import { withOrg } from "@/lib/http/with-org";
import { ZProjectInput } from "@/lib/projects/schemas";
import { listProjects } from "@/lib/projects/list-projects";
import { createProject } from "@/lib/projects/create-project";

export const GET = withOrg({}, async ({ orgId }) => Response.json({ projects: await listProjects({ orgId }) }));

export const POST = withOrg({ body: ZProjectInput }, async ({ orgId, body }) =>
  Response.json(await createProject({ orgId, input: body }), { status: 201 }),
);
