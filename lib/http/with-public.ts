// Wrapper for public routes (auth P): no caller, same body ceiling, parsing, logging and error mapping. A browser
// write must come from the dashboard's own pages (sign-in from another site would sign a victim into the attacker's
// account); routes a browser extension calls from its own origin say `crossOrigin: true`.
import type { ZodType } from "zod";
import { assertSameOrigin, SAFE_METHODS } from "@/lib/http/assert-same-origin";
import { parseRequest, readJsonBody, runRoute, type BaseContext, type NextRouteContext, type Parsed, type RouteSchemas } from "@/lib/http/pipeline";

export function withPublic<P extends ZodType, Q extends ZodType, B extends ZodType>(
  options: RouteSchemas<P, Q, B> & {
    crossOrigin?: true;
    /** A credential check of the route's own (a shared secret), run before the body is read or validated. */
    guard?: (req: Request) => void;
  },
  handler: (ctx: BaseContext<Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<Response>,
) {
  return (req: Request, routeCtx?: NextRouteContext) =>
    runRoute(req, async (requestId, log) => {
      if (!options.crossOrigin && !SAFE_METHODS.has(req.method.toUpperCase())) assertSameOrigin(req, "This request");
      options.guard?.(req);
      const rawBody = await readJsonBody(req, options);
      const input = await parseRequest(req, routeCtx, options, rawBody);
      return handler({ req, requestId, log, ...input });
    });
}
