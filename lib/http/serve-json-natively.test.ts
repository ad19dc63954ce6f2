import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nativeJsonHandler, serveJsonNatively, type JsonRouteHandler } from "@/lib/http/serve-json-natively";

const page = { drafts: Array.from({ length: 40 }, (_, i) => ({ id: i, body: `Draft ${i} about build caches` })), nextCursor: null };
const list: JsonRouteHandler = async (req) =>
  new URL(req.url).searchParams.get("limit") === "x"
    ? Response.json({ error: "bad_request", message: "limit must be a number" }, { status: 400, headers: { "x-request-id": "r1" } })
    : Response.json(page, { headers: { "x-request-id": "r2" } });
const routes = new Map([["/api/drafts", list]]);

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const handler = nativeJsonHandler(req, routes);
    if (handler) void serveJsonNatively(req, res, handler);
    else res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http.get(`${base}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    }).on("error", reject);
  });
}

describe("serveJsonNatively", () => {
  it("gzips a page for a client that asks and sends the same JSON plain to one that does not", async () => {
    const [gz, plain] = [await get("/api/drafts?state=approved", "gzip, deflate, br"), await get("/api/drafts?state=approved", "identity")];
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toContain("Accept-Encoding");
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString("utf8"))).toEqual(page);
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(page);
    // The headers every /api answer carries, and the handler's own.
    expect(plain.headers["content-security-policy"]).toBeTruthy();
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(plain.headers["x-request-id"]).toBe("r2");
  });

  it("passes the handler's refusal on as it is, its status and JSON", async () => {
    const refused = await get("/api/drafts?limit=x", "gzip");
    expect(refused.status).toBe(400);
    // Too small to be worth compressing.
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(refused.body.toString("utf8"))).toEqual({ error: "bad_request", message: "limit must be a number" });
    expect(refused.headers["x-request-id"]).toBe("r1");
  });

  it("takes only GETs of the exact paths it was given; the rest go to Next", () => {
    const req = (method: string, url: string) => ({ method, url }) as http.IncomingMessage;
    expect(nativeJsonHandler(req("GET", "/api/drafts"), routes)).toBe(list);
    expect(nativeJsonHandler(req("GET", "/api/drafts?state=sent&q=a%3Fb"), routes)).toBe(list);
    expect(nativeJsonHandler(req("GET", "/api/drafts/12"), routes)).toBeNull();
    expect(nativeJsonHandler(req("GET", "/api/drafts/counts"), routes)).toBeNull();
    expect(nativeJsonHandler(req("GET", "/api/draftsx"), routes)).toBeNull();
    expect(nativeJsonHandler(req("POST", "/api/drafts"), routes)).toBeNull();
    expect(nativeJsonHandler(req("HEAD", "/api/drafts"), routes)).toBeNull();
  });
});
