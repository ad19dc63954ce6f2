// Wrapper for dashboard routes (auth S and C in the spec): resolves the caller to one organization,
// checks the role, parses input with zod and maps errors to the one JSON shape.
import type { ZodType } from "zod";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/http/errors";
import { parseRequest, runRoute, type BaseContext, type NextRouteContext, type Parsed, type RouteSchemas } from "@/lib/http/pipeline";
import { hasRole, resolveSessionCaller, type OrgCaller } from "@/lib/auth/resolve-session-caller";

export type OrgContext<P, Q, B> = BaseContext<P, Q, B> & OrgCaller;

export function withOrg<P extends ZodType, Q extends ZodType, B extends ZodType>(
  options: RouteSchemas<P, Q, B> & { role?: Role },
  handler: (ctx: OrgContext<Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<Response>,
) {
  return (req: Request, routeCtx?: NextRouteContext) =>
    runRoute(req, async (requestId, log) => {
      const caller = await resolveSessionCaller(req.headers.get("cookie"));
      if (!caller) throw new AppError("unauthorized", "Sign in to continue");
      if (!hasRole(caller.role, options.role ?? "member")) {
        throw new AppError("forbidden", `This action needs the ${options.role} role`);
      }
      const input = await parseRequest(req, routeCtx, options);
      return handler({ req, requestId, log: log.child({ orgId: caller.orgId }), ...caller, ...input });
    });
}
