// GET/POST /api/runners - the cached runner detection; POST clears the cache and probes again (session)
import { withOrg } from "@/lib/http/with-org";
import { detectRunners } from "@/lib/runners/detect-runners";

export const GET = withOrg({}, async () => Response.json({ runners: await detectRunners() }));

export const POST = withOrg({}, async () => Response.json({ runners: await detectRunners({ refresh: true }) }));
