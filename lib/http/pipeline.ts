// The steps every route wrapper is built from: request id and logger, reading the body (with its ceiling, before
// anyone is authenticated), parsing, and error mapping.
import { randomUUID } from "node:crypto";
import type { z, ZodType } from "zod";
import { AppError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/respond";
import { MAX_JSON_BODY_BYTES, readBodyText } from "@/lib/http/read-body";
import { log, type Logger } from "@/lib/log/logger";

export interface RouteSchemas<P extends ZodType, Q extends ZodType, B extends ZodType> {
  params?: P;
  query?: Q;
  body?: B;
  /** The ceiling of this route's JSON body (default 1 MB). */
  maxBodyBytes?: number;
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

/**
 * The body of a route that takes one, read up to its ceiling (413 beyond) and required to be labelled JSON (415
 * otherwise: an HTML form can post text/plain or form data across sites without a preflight, never
 * application/json). An empty body needs no label. Runs before the caller is resolved, so an unauthenticated
 * client cannot make the server hold more than the ceiling.
 */
export async function readJsonBody(req: Request, schemas: { body?: ZodType; maxBodyBytes?: number }): Promise<string | undefined> {
  if (!schemas.body) return undefined;
  const text = await readBodyText(req, schemas.maxBodyBytes ?? MAX_JSON_BODY_BYTES);
  if (text.length > 0 && !isJsonContentType(req.headers.get("content-type"))) {
    throw new AppError("unsupported_media_type", "Send the request body as JSON with Content-Type: application/json");
  }
  return text;
}

/** application/json, with or without parameters (charset); the media type is parsed, never substring-matched. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  return value.split(";")[0]!.trim().toLowerCase() === "application/json";
}

export async function parseRequest<P extends ZodType, Q extends ZodType, B extends ZodType>(
  req: Request,
  routeCtx: NextRouteContext | undefined,
  schemas: RouteSchemas<P, Q, B>,
  rawBody: string | undefined,
) {
  const rawParams = routeCtx ? await routeCtx.params : {};
  const params = schemas.params ? schemas.params.parse(rawParams) : undefined;
  const url = new URL(req.url);
  let query: unknown = undefined;
  if (schemas.query) {
    const raw = Object.fromEntries(url.searchParams);
    refuseNul(raw, "query");
    query = schemas.query.parse(raw);
  }
  let body: unknown = undefined;
  if (schemas.body) {
    let json: unknown;
    try {
      json = rawBody?.length ? JSON.parse(rawBody) : {};
    } catch {
      throw new AppError("bad_request", "The request body is not valid JSON");
    }
    refuseNul(json, "body");
    body = schemas.body.parse(json);
  }
  return { params: params as Parsed<P>, query: query as Parsed<Q>, body: body as Parsed<B> };
}

/**
 * PostgreSQL can store U+0000 in neither text nor jsonb, so a NUL anywhere in the input would reach the database as
 * a 500. The field schemas refuse it (ZText in lib/http/fields.ts); this catches a field that forgot to, with the
 * same 400.
 */
function refuseNul(value: unknown, where: string, path: string[] = []): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) {
      const field = path.length ? path.join(".") : where;
      throw new AppError("bad_request", `${field}: must not contain the NUL character (U+0000)`, { issues: [{ path: path.join("."), message: "must not contain the NUL character (U+0000)" }] });
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => refuseNul(v, where, [...path, String(i)]));
    return;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes("\u0000")) throw new AppError("bad_request", `${where}: a field name contains the NUL character (U+0000)`);
      refuseNul(v, where, [...path, k]);
    }
  }
}

/** Runs a handler with a request id, a logger that carries it, and the one error mapping. */
export async function runRoute(req: Request, fn: (requestId: string, log: Logger) => Promise<Response>): Promise<Response> {
  const requestId = req.headers.get("x-request-id")?.slice(0, 64).replace(/[^\w.-]/g, "") || randomUUID();
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
