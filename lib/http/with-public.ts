// Wrapper for public routes (auth P): no caller, same parsing, logging and error mapping.
import type { ZodType } from "zod";
import { parseRequest, runRoute, type BaseContext, type NextRouteContext, type Parsed, type RouteSchemas } from "@/lib/http/pipeline";

export function withPublic<P extends ZodType, Q extends ZodType, B extends ZodType>(
  options: RouteSchemas<P, Q, B>,
  handler: (ctx: BaseContext<Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<Response>,
) {
  return (req: Request, routeCtx?: NextRouteContext) =>
    runRoute(req, async (requestId, log) => {
      const input = await parseRequest(req, routeCtx, options);
      return handler({ req, requestId, log, ...input });
    });
}
