// Wrapper for dashboard routes (auth S and C in the spec): resolves the caller to one organization, from the session
// cookie or an API key (`Authorization: Bearer oak_…`, docs/public-api.md; routes that manage the account say
// `apiKeys: false`), checks the role, parses input with zod and maps errors to the one JSON shape.
import type { ZodType } from "zod";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/http/errors";
import { parseRequest, runRoute, type BaseContext, type NextRouteContext, type Parsed, type RouteSchemas } from "@/lib/http/pipeline";
import { hasRole, resolveSessionCaller, type OrgCaller } from "@/lib/auth/resolve-session-caller";
import { assertKeyMayWrite, bearerApiKey, resolveApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";

export type OrgContext<P, Q, B> = BaseContext<P, Q, B> & OrgCaller;

export function withOrg<P extends ZodType, Q extends ZodType, B extends ZodType>(
  options: RouteSchemas<P, Q, B> & { role?: Role; apiKeys?: false },
  handler: (ctx: OrgContext<Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<Response>,
) {
  return (req: Request, routeCtx?: NextRouteContext) =>
    runRoute(req, async (requestId, log) => {
      const caller = await resolveCaller(req, options.apiKeys !== false);
      if (!caller) throw new AppError("unauthorized", "Sign in to continue");
      if (!hasRole(caller.role, options.role ?? "member")) {
        throw new AppError("forbidden", `This action needs the ${options.role} role`);
      }
      const input = await parseRequest(req, routeCtx, options);
      return handler({ req, requestId, log: log.child({ orgId: caller.orgId }), ...caller, ...input });
    });
}

async function resolveCaller(req: Request, keysAllowed: boolean): Promise<OrgCaller | null> {
  const key = bearerApiKey(req);
  if (!key) return resolveSessionCaller(req.headers.get("cookie"));
  if (!keysAllowed) throw new AppError("forbidden", "API keys cannot be used on this route; sign in to the dashboard");
  const caller = await resolveApiKeyCaller(key);
  assertKeyMayWrite(caller, req.method);
  return caller;
}
