// The steps every route wrapper is built from: request id and logger, parsing, and error mapping.
import { randomUUID } from "node:crypto";
import { z, type ZodType } from "zod";
import { AppError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/respond";
import { log, type Logger } from "@/lib/log/logger";

export interface RouteSchemas<P extends ZodType, Q extends ZodType, B extends ZodType> {
  params?: P;
  query?: Q;
  body?: B;
}

export type Parsed<S extends ZodType | undefined> = S extends ZodType ? z.infer<S> : undefined;

export type NextRouteContext = { params: Promise<Record<string, string | string[]>> };

export interface BaseContext<P, Q, B> {
  req: Request;
  params: P;
  query: Q;
  body: B;
  requestId: string;
  log: Logger;
}

export async function parseRequest<P extends ZodType, Q extends ZodType, B extends ZodType>(
  req: Request,
  routeCtx: NextRouteContext | undefined,
  schemas: RouteSchemas<P, Q, B>,
) {
  const rawParams = routeCtx ? await routeCtx.params : {};
  const params = schemas.params ? schemas.params.parse(rawParams) : undefined;
  const url = new URL(req.url);
  const query = schemas.query ? schemas.query.parse(Object.fromEntries(url.searchParams)) : undefined;
  let body: unknown = undefined;
  if (schemas.body) {
    const text = await req.text();
    let json: unknown;
    try {
      json = text.length ? JSON.parse(text) : {};
    } catch {
      throw new AppError("bad_request", "The request body is not valid JSON");
    }
    body = schemas.body.parse(json);
  }
  return { params: params as Parsed<P>, query: query as Parsed<Q>, body: body as Parsed<B> };
}

/** Runs a handler with a request id, a logger that carries it, and the one error mapping. */
export async function runRoute(req: Request, fn: (requestId: string, log: Logger) => Promise<Response>): Promise<Response> {
  const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
  const reqLog = log.child({ requestId, method: req.method, path: new URL(req.url).pathname });
  const started = performance.now();
  let res: Response;
  try {
    res = await fn(requestId, reqLog);
    res.headers.set("x-request-id", requestId);
  } catch (err) {
    res = errorResponse(err, reqLog, requestId);
  }
  reqLog.info("request", { status: res.status, ms: Math.round(performance.now() - started) });
  return res;
}

/** Positive integer id in a route segment, e.g. /api/projects/[id]. */
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);
