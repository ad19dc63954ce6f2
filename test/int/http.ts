// Calls a route handler with a real request object (NextRequest, a Request subclass), the way Next does.
import { NextRequest } from "next/server";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export async function call(handler: Handler, opts: CallOptions = {}) {
  const headers = new Headers(opts.headers);
  // A fixture's "cookie" may stand for an API key (`apikey:oak_…`), so a suite written for sessions can be run again
  // with keys (the cross-tenant suite does).
  if (opts.cookie?.startsWith("apikey:")) headers.set("authorization", `Bearer ${opts.cookie.slice("apikey:".length)}`);
  else if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  // A browser always names the host it addressed; the same-origin check compares Origin with it.
  if (!headers.has("host")) headers.set("host", "localhost");
  const req = new NextRequest(`http://localhost${opts.path ?? "/"}`, { method: opts.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}
