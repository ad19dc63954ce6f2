// GET/POST /api/runners - the runners this edition offers, from the cached detection; POST (admins, at most every
// 30 s per instance) clears the cache and probes again (session). Detection describes this machine; signInFailures
// are the organization's own runs of the runners it offers (docs/runners.md).
import { withOrg } from "@/lib/http/with-org";
import { listOfferedRunners } from "@/lib/runners/list-offered-runners";

export const GET = withOrg({}, async ({ orgId }) => Response.json(await listOfferedRunners({ orgId })));

export const POST = withOrg({ role: "admin" }, async ({ orgId }) => Response.json(await listOfferedRunners({ orgId, redetect: true })));
