// GET /api/operator/organizations?q= - every organization of the service with its plan, members, minutes this
// period and last activity, newest activity first (operator only; 404 to everyone else)
import { withOrg } from "@/lib/http/with-org";
import { assertOperator } from "@/lib/operators/assert-operator";
import { ZOperatorOrganizationsQuery } from "@/lib/operators/schemas";
import { unsafeListOrganizationsForOperator } from "@/lib/operators/list-organizations-for-operator";

export const GET = withOrg({ apiKeys: false, query: ZOperatorOrganizationsQuery }, async ({ query, ...caller }) => {
  await assertOperator(caller);
  return Response.json(await unsafeListOrganizationsForOperator({ q: query.q }));
});
