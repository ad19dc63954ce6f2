import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { guardedRequest, type DestinationPolicy } from "@/lib/net/guarded-request";
import { GuardedRequestError } from "@/lib/net/net-error";

// Real loopback servers that record every connection and request: a refused destination must not even open a TCP
// connection. "trusted" stands for an origin the operator configured (allowed although it is loopback); "tenant" for
// any other loopback server, which the guard refuses unless private hosts are allowed.
type Server = { url: string; origin: string; port: number; connections: number; requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[]; answer: (req: http.IncomingMessage, res: http.ServerResponse) => void; server: http.Server };

async function start(): Promise<Server> {
  const server = http.createServer();
  const s: Server = { url: "", origin: "", port: 0, connections: 0, requests: [], answer: (_q, r) => r.end("ok"), server };
  server.on("connection", () => s.connections++);
  server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      s.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      s.answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  s.port = (server.address() as AddressInfo).port;
  s.origin = `http://127.0.0.1:${s.port}`;
  s.url = `${s.origin}/`;
  return s;
}

const trusted = await start();
const tenant = await start();
const servers = [trusted, tenant];
const policy: DestinationPolicy = { allowPrivate: false, trustedOrigins: [trusted.origin] };

afterEach(() => {
  vi.restoreAllMocks();
  for (const s of servers) {
    s.server.closeAllConnections();
    s.connections = 0;
    s.requests = [];
    s.answer = (_q, r) => r.end("ok");
  }
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.server.close(r))));
});

function fakeDns(table: Record<string, dns.LookupAddress[]>) {
  const real = dns.lookup;
  return vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, options: dns.LookupAllOptions, callback: (err: Error | null, addresses?: dns.LookupAddress[]) => void) => {
    const entry = table[hostname];
    if (entry === undefined) return (real as (...args: unknown[]) => void)(hostname, options, callback);
    setImmediate(() => callback(null, entry));
  }) as unknown as typeof dns.lookup);
}

async function failure(p: Promise<unknown>): Promise<GuardedRequestError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(GuardedRequestError);
  return err as GuardedRequestError;
}

const get = (url: string, extra: Partial<Parameters<typeof guardedRequest>[0]> = {}) =>
  guardedRequest({ url, policy, timeoutMs: 2000, ...extra }).then(async (res) => ({ res, body: (await res.read({ maxBytes: 1 << 20, overflow: "fail" })).bytes.toString() }));

describe("guardedRequest: which hosts", () => {
  it("reaches an operator's origin although it is loopback", async () => {
    const { res, body } = await get(`${trusted.origin}/x?q=1`);
    expect([res.status, body, res.url.href]).toEqual([200, "ok", `${trusted.origin}/x?q=1`]);
  });

  it("refuses any other loopback host before connecting, and says why", async () => {
    const err = await failure(get(`${tenant.origin}/x`));
    expect(err).toMatchObject({ kind: "refused", reason: "127.0.0.1 is a loopback address" });
    expect(tenant.connections).toBe(0);
  });

  it("judges a host name after DNS: one that resolves to loopback is refused, also when only one address of many is", async () => {
    fakeDns({ "tenant.example.test": [{ address: "127.0.0.1", family: 4 }], "mixed.example.test": [{ address: "8.8.8.8", family: 4 }, { address: "10.1.2.3", family: 4 }] });
    expect(await failure(get(`http://tenant.example.test:${tenant.port}/`))).toMatchObject({ kind: "refused", reason: "127.0.0.1 is a loopback address" });
    expect(await failure(get(`http://mixed.example.test:${tenant.port}/`))).toMatchObject({ kind: "refused", reason: "10.1.2.3 is a private address" });
    expect(tenant.connections).toBe(0);
  });

  it("with private hosts allowed, reaches the same host (so the refusal above is the guard's doing)", async () => {
    fakeDns({ "tenant.example.test": [{ address: "127.0.0.1", family: 4 }] });
    const { res } = await get(`http://tenant.example.test:${tenant.port}/`, { policy: { allowPrivate: true } });
    expect(res.status).toBe(200);
    expect(tenant.requests[0]!.headers.host).toBe(`tenant.example.test:${tenant.port}`);
  });

  it("never reaches the unspecified address, even as an operator's origin", async () => {
    const err = await failure(get(`http://0.0.0.0:${trusted.port}/`, { policy: { allowPrivate: true, trustedOrigins: [`http://0.0.0.0:${trusted.port}`] } }));
    expect(err).toMatchObject({ kind: "refused", reason: "0.0.0.0 is an unspecified address" });
    expect(trusted.connections).toBe(0);
  });

  it.each(["ftp://example.com/x", "file:///etc/passwd", "not a url"])("refuses %s as a bad URL", async (url) => {
    expect((await failure(get(url))).kind).toBe("bad_url");
  });
});

describe("guardedRequest: redirects", () => {
  it("does not follow them unless asked: the 3xx is the answer", async () => {
    trusted.answer = (_q, r) => r.writeHead(302, { location: `${trusted.origin}/next` }).end();
    const { res } = await get(trusted.url);
    expect(res.status).toBe(302);
    expect(trusted.requests).toHaveLength(1);
  });

  it("judges every hop: an operator's origin that redirects to another loopback host is refused before that host is reached", async () => {
    trusted.answer = (_q, r) => r.writeHead(302, { location: `${tenant.origin}/internal` }).end();
    expect(await failure(get(trusted.url, { maxRedirects: 3 }))).toMatchObject({ kind: "refused", reason: "127.0.0.1 is a loopback address" });
    trusted.answer = (_q, r) => r.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    expect(await failure(get(trusted.url, { maxRedirects: 3 }))).toMatchObject({ kind: "refused", reason: "169.254.169.254 is a link-local address" });
    expect(tenant.connections).toBe(0);
  });

  it("follows allowed hops, drops credentials when the origin changes and keeps them on the same origin", async () => {
    trusted.answer = (q, r) => (q.url === "/start" ? r.writeHead(301, { location: "/same" }).end() : r.writeHead(302, { location: `${tenant.origin}/other` }).end());
    const { res, body } = await get(`${trusted.origin}/start`, { maxRedirects: 3, policy: { allowPrivate: true }, headers: { authorization: "Bearer s3cret", accept: "application/json" } });
    expect([res.status, body, res.url.href]).toEqual([200, "ok", `${tenant.origin}/other`]);
    expect(trusted.requests.map((r) => [r.url, r.headers.authorization])).toEqual([["/start", "Bearer s3cret"], ["/same", "Bearer s3cret"]]);
    expect(tenant.requests[0]!.headers.authorization).toBeUndefined();
    expect(tenant.requests[0]!.headers.accept).toBe("application/json");
  });

  it("turns a POST into a GET on 303 and resends it on 307", async () => {
    trusted.answer = (q, r) => (q.url === "/see" ? r.writeHead(303, { location: "/got" }).end() : q.url === "/temp" ? r.writeHead(307, { location: "/kept" }).end() : r.end(q.method));
    expect((await get(`${trusted.origin}/see`, { method: "POST", body: "x=1", maxRedirects: 1 })).body).toBe("GET");
    expect((await get(`${trusted.origin}/temp`, { method: "POST", body: "x=1", maxRedirects: 1 })).body).toBe("POST");
    expect(trusted.requests.map((r) => [r.method, r.url, r.body])).toEqual([["POST", "/see", "x=1"], ["GET", "/got", ""], ["POST", "/temp", "x=1"], ["POST", "/kept", "x=1"]]);
  });

  it("stops after the given number of hops", async () => {
    trusted.answer = (_q, r) => r.writeHead(302, { location: "/again" }).end();
    expect(await failure(get(trusted.url, { maxRedirects: 2 }))).toMatchObject({ kind: "redirect", message: `${trusted.origin.slice(7)} redirected more than 2 times` });
    expect(trusted.requests).toHaveLength(3);
  });

  it("refuses a redirect to another scheme", async () => {
    trusted.answer = (_q, r) => r.writeHead(302, { location: "file:///etc/passwd" }).end();
    expect((await failure(get(trusted.url, { maxRedirects: 2 }))).message).toMatch(/unsupported URL scheme \(file:\)/);
  });
});

describe("guardedRequest: limits", () => {
  it("reads at most maxBytes: truncates or fails as asked", async () => {
    trusted.answer = (_q, r) => r.end("x".repeat(5000));
    const res = await guardedRequest({ url: trusted.url, policy, timeoutMs: 2000 });
    expect(await res.read({ maxBytes: 100, overflow: "truncate" })).toMatchObject({ truncated: true, complete: true, bytes: Buffer.from("x".repeat(100)) });
    const again = await guardedRequest({ url: trusted.url, policy, timeoutMs: 2000 });
    expect(await failure(again.read({ maxBytes: 100, overflow: "fail" }))).toMatchObject({ kind: "too_large" });
    const streamed = await guardedRequest({ url: trusted.url, policy, timeoutMs: 2000 });
    const chunks: Buffer[] = [];
    const consume = async () => {
      for await (const c of streamed.stream(1000)) chunks.push(c);
    };
    expect(await failure(consume())).toMatchObject({ kind: "too_large" });
  });

  it("bounds the whole exchange, reading the body included", async () => {
    trusted.answer = (_q, r) => {
      r.writeHead(200);
      r.write("first");
      // never ends
    };
    const started = Date.now();
    const res = await guardedRequest({ url: trusted.url, policy, timeoutMs: 300 });
    expect(await failure(res.read({ maxBytes: 1000, overflow: "fail" }))).toMatchObject({ kind: "timeout", message: "timed out after 0.3 s" });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
