// GET /api/projects/[id]/accounts - the project's accounts; POST - add one (session). Credentials never leave.
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZAccountInput } from "@/lib/accounts/schemas";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { createAccount } from "@/lib/accounts/create-account";
import { getProjectOrThrow } from "@/lib/projects/get-project";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams }, async ({ orgId, params }) => {
  await getProjectOrThrow({ orgId, id: params.id });
  return Response.json({ accounts: await listAccounts({ orgId, projectId: params.id }) });
});

export const POST = withOrg({ params: ZParams, body: ZAccountInput }, async ({ orgId, params, body }) =>
  Response.json(await createAccount({ orgId, projectId: params.id, input: body }), { status: 201 }),
);
