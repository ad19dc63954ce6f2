// POST /api/operator/runners - probe every agent CLI this host knows of with `--version`, whatever the edition offers
// tenants (operator only; 404 to everyone else)
import { withOrg } from "@/lib/http/with-org";
import { assertOperator } from "@/lib/operators/assert-operator";
import { probeHostRunners } from "@/lib/operators/probe-host-runners";

export const POST = withOrg({ apiKeys: false }, async (caller) => {
  await assertOperator(caller);
  return Response.json(await probeHostRunners());
});
