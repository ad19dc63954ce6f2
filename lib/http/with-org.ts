// Wrapper for dashboard routes (auth S and C in the spec): resolves the caller to one organization, from the session
// cookie or an API key (`Authorization: Bearer oak_…`, docs/public-api.md; routes that manage the account say
// `apiKeys: false`), checks the role, parses input with zod and maps errors to the one JSON shape.
// A write that does not come with an API key is a browser's (a cookie, or the default organization with sign-in
// off): it must come from the dashboard's own pages (docs/security.md, "Browsers").
import type { ZodType } from "zod";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/http/errors";
import { assertSameOrigin, SAFE_METHODS } from "@/lib/http/assert-same-origin";
import { parseRequest, readJsonBody, runRoute, type BaseContext, type NextRouteContext, type Parsed, type RouteSchemas } from "@/lib/http/pipeline";
import { hasRole, resolveSessionCaller, type OrgCaller } from "@/lib/auth/resolve-session-caller";
import { assertKeyMayWrite, bearerApiKey, resolveApiKeyCaller, unauthenticatedMessage } from "@/lib/api-keys/resolve-api-key-caller";
import { assertOperator } from "@/lib/operators/assert-operator";

export type OrgContext<P, Q, B> = BaseContext<P, Q, B> & OrgCaller;

export function withOrg<P extends ZodType, Q extends ZodType, B extends ZodType>(
  // `operator: true`: the service's operator only (lib/operators/is-operator.ts), checked before the input is parsed,
  // so everyone else gets the 404 of a missing route whatever they send and learns nothing of what it accepts.
  options: RouteSchemas<P, Q, B> & { role?: Role; apiKeys?: false; operator?: true },
  handler: (ctx: OrgContext<Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<Response>,
) {
  return (req: Request, routeCtx?: NextRouteContext) =>
    runRoute(req, async (requestId, log) => {
      const key = bearerApiKey(req);
      if (!key && !SAFE_METHODS.has(req.method.toUpperCase())) assertSameOrigin(req, "This change");
      const rawBody = await readJsonBody(req, options);
      const caller = await resolveCaller(req, key, options.apiKeys !== false);
      if (!caller) throw new AppError("unauthorized", unauthenticatedMessage(req));
      if (!hasRole(caller.role, options.role ?? "member")) {
        throw new AppError("forbidden", `This action needs the ${options.role} role`);
      }
      if (options.operator) await assertOperator(caller);
      const input = await parseRequest(req, routeCtx, options, rawBody);
      return handler({ req, requestId, log: log.child({ orgId: caller.orgId }), ...caller, ...input });
    });
}

async function resolveCaller(req: Request, key: string | null, keysAllowed: boolean): Promise<OrgCaller | null> {
  if (!key) return resolveSessionCaller(req.headers.get("cookie"));
  if (!keysAllowed) throw new AppError("forbidden", "API keys cannot be used on this route; sign in to the dashboard");
  const caller = await resolveApiKeyCaller(key);
  assertKeyMayWrite(caller, req.method);
  return caller;
}
