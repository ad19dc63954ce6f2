// GET /api/operator - the service's status for its operator: the relay, the job engine and each job, billing, tokens
// for other installs, sign-up limits, and the last inventory of this host's agent CLIs (operator only; 404 to
// everyone else)
import { withOrg } from "@/lib/http/with-org";
import { assertOperator } from "@/lib/operators/assert-operator";
import { getServiceStatus } from "@/lib/operators/get-service-status";
import { lastHostRunnerInventory } from "@/lib/operators/probe-host-runners";

export const GET = withOrg({ apiKeys: false }, async (caller) => {
  await assertOperator(caller);
  return Response.json({ ...(await getServiceStatus()), inventory: lastHostRunnerInventory() });
});
