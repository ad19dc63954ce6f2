// GET/POST /api/runners - the cached runner detection; POST clears the cache and probes again (session).
// Detection describes this machine; signInFailures are the organization's own runs (docs/runners.md).
import { withOrg } from "@/lib/http/with-org";
import { detectRunners } from "@/lib/runners/detect-runners";
import { getRunnerSignInFailures } from "@/lib/runners/get-runner-sign-in-failures";

export const GET = withOrg({}, async ({ orgId }) => {
  const [runners, signInFailures] = await Promise.all([detectRunners(), getRunnerSignInFailures({ orgId })]);
  return Response.json({ runners, signInFailures });
});

export const POST = withOrg({}, async ({ orgId }) => {
  const [runners, signInFailures] = await Promise.all([detectRunners({ refresh: true }), getRunnerSignInFailures({ orgId })]);
  return Response.json({ runners, signInFailures });
});
