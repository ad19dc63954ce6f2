import dns from "node:dns";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { parseRetryAfter, postWebhook } from "@/lib/webhooks/post-webhook";

// A real receiver on loopback that records what reached it. `connections` is the SSRF tests' witness: a refused
// destination must not even open a TCP connection.
type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Receiver = {
  port: number;
  connections: number;
  requests: Received[];
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  server: http.Server;
};

async function startReceiver(host: string): Promise<Receiver | null> {
  const server = http.createServer();
  const receiver: Receiver = { port: 0, connections: 0, requests: [], answer: (_req, res) => res.end(), server };
  server.on("connection", () => receiver.connections++);
  server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      receiver.answer(req, res);
    });
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(0, host, () => resolve(true));
  });
  if (!listening) return null;
  receiver.port = (server.address() as AddressInfo).port;
  return receiver;
}

const v4 = (await startReceiver("127.0.0.1"))!;
// Not every machine has IPv6 loopback; the [::1] refusal is still asserted without it.
const v6 = await startReceiver("::1");
const receivers = [v4, v6].filter((r): r is Receiver => r !== null);

afterEach(() => {
  vi.restoreAllMocks();
  for (const r of receivers) {
    r.server.closeAllConnections();
    r.connections = 0;
    r.requests = [];
    r.answer = (_req, res) => res.end();
  }
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => new Promise((resolve) => r.server.close(resolve))));
});

// Answers chosen names from a table and hands every other name to the real resolver, so no test asks public DNS.
function fakeDns(table: Record<string, dns.LookupAddress[] | NodeJS.ErrnoException>) {
  const real = dns.lookup;
  return vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, options: dns.LookupAllOptions, callback: (err: Error | null, addresses?: dns.LookupAddress[]) => void) => {
    const entry = table[hostname];
    if (entry === undefined) return (real as (...args: unknown[]) => void)(hostname, options, callback);
    setImmediate(() => (entry instanceof Error ? callback(entry) : callback(null, entry)));
  }) as unknown as typeof dns.lookup);
}

// The witness for destinations off this machine, and a safety net should the guard ever break: a connection to a
// literal address other than loopback is recorded and failed in-process instead of leaving the machine.
function recordOffMachineConnects(): string[] {
  const real = net.Socket.prototype.connect;
  const attempts: string[] = [];
  vi.spyOn(net.Socket.prototype, "connect").mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const host = ((Array.isArray(first) ? first[0] : first) as { host?: string } | undefined)?.host ?? "localhost";
    if (net.isIP(host) === 0 || host.startsWith("127.") || host === "::1") return real.apply(this, args as never);
    attempts.push(host);
    process.nextTick(() => this.destroy(new Error(`test blocked a connection to ${host}`)));
    return this;
  } as unknown as typeof real);
  return attempts;
}

const local = (path = "/hooks/abc") => `http://127.0.0.1:${v4.port}${path}`;

describe("postWebhook against a receiver (allowPrivate)", () => {
  it("POSTs the body byte for byte with the default headers and the caller's", async () => {
    v4.answer = (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    const body = JSON.stringify({ type: "run.success", note: "héllo ✓" });
    const result = await postWebhook({ url: local("/hooks/abc?x=1"), body, headers: { "webhook-id": "msg_1" }, allowPrivate: true });

    expect(result).toMatchObject({ ok: true, status: 200, retryAfterS: null, excerpt: "thanks", error: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(v4.requests).toHaveLength(1);
    const [seen] = v4.requests;
    expect(seen).toMatchObject({ method: "POST", url: "/hooks/abc?x=1", body });
    expect(seen.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "outreach-dashboard-webhooks/1",
      "webhook-id": "msg_1",
      "content-length": String(Buffer.byteLength(body)),
    });
  });

  it("keeps a content-type and user-agent the caller chose", async () => {
    await postWebhook({ url: local(), body: "{}", headers: { "Content-Type": "application/cloudevents+json", "User-Agent": "custom/2" }, allowPrivate: true });
    expect(v4.requests[0].headers).toMatchObject({ "content-type": "application/cloudevents+json", "user-agent": "custom/2" });
  });

  it("reports a 500 as a failure with the start of the receiver's answer", async () => {
    v4.answer = (_req, res) => res.writeHead(500).end("database is down");
    const result = await postWebhook({ url: local(), body: "{}", headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ ok: false, status: 500, excerpt: "database is down", error: null });
  });

  it("has no excerpt when the answer is empty", async () => {
    v4.answer = (_req, res) => res.writeHead(204).end();
    expect(await postWebhook({ url: local(), body: "{}", headers: {}, allowPrivate: true })).toMatchObject({ ok: true, status: 204, excerpt: null });
  });

  it("keeps a binary answer storable: NUL bytes become U+FFFD", async () => {
    v4.answer = (_req, res) => res.writeHead(500).end(Buffer.from([0x6f, 0x6b, 0x00, 0x21]));
    const result = await postWebhook({ url: local(), body: "{}", headers: {}, allowPrivate: true });
    expect(result.excerpt).toBe("ok\uFFFD!");
  });

  it("keeps only the first 1024 bytes of a long answer", async () => {
    v4.answer = (_req, res) => res.writeHead(502).end("x".repeat(2048));
    const result = await postWebhook({ url: local(), body: "{}", headers: {}, allowPrivate: true });
    expect(result.status).toBe(502);
    expect(Buffer.byteLength(result.excerpt!)).toBe(1024);
  });

  it("does not cut a multi-byte character in half at the 1 KB mark", async () => {
    v4.answer = (_req, res) => res.writeHead(400).end(`${"a".repeat(1023)}é and more`);
    const result = await postWebhook({ url: local(), body: "{}", headers: {}, allowPrivate: true });
    expect(result.excerpt).toBe("a".repeat(1023));
  });

  it("stops reading after 1 KB instead of waiting for an endless answer", async () => {
    v4.answer = (_req, res) => res.writeHead(200).write("y".repeat(4096)); // never ends
    const result = await postWebhook({ url: local(), body: "{}", headers: {}, timeoutMs: 5_000, allowPrivate: true });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.excerpt).toHaveLength(1024);
    expect(result.durationMs).toBeLessThan(2_000);
  });

  it("reports a redirect without following it", async () => {
    v4.answer = (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${v4.port}/elsewhere` }).end();
    const result = await postWebhook({ url: local(), body: "{}", headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ ok: false, status: 302, error: null });
    expect(v4.requests.map((r) => r.url)).toEqual(["/hooks/abc"]);
    expect(v4.connections).toBe(1);
  });

  it("reads Retry-After given in seconds", async () => {
    v4.answer = (_req, res) => res.writeHead(429, { "retry-after": "120" }).end();
    expect(await postWebhook({ url: local(), body: "{}", headers: {}, allowPrivate: true })).toMatchObject({ ok: false, status: 429, retryAfterS: 120 });
  });

  it("reads Retry-After given as an HTTP-date", async () => {
    v4.answer = (_req, res) => res.writeHead(503, { "retry-after": new Date(Date.now() + 30_000).toUTCString() }).end();
    const { retryAfterS } = await postWebhook({ url: local(), body: "{}", headers: {}, allowPrivate: true });
    expect(retryAfterS).toBeGreaterThanOrEqual(29);
    expect(retryAfterS).toBeLessThanOrEqual(31);
  });

  it("gives up on a receiver that never answers once timeoutMs has passed", async () => {
    v4.answer = () => {}; // holds the request open
    const started = Date.now();
    const result = await postWebhook({ url: local(), body: "{}", headers: {}, timeoutMs: 300, allowPrivate: true });
    expect(result).toEqual({ ok: false, status: null, durationMs: expect.any(Number), retryAfterS: null, excerpt: null, error: "timed out after 0.3 s" });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(v4.requests).toHaveLength(1);
  });

  it("turns a refused connection into a short message", async () => {
    const closed = (await startReceiver("127.0.0.1"))!;
    await new Promise((resolve) => closed.server.close(resolve));
    const result = await postWebhook({ url: `http://127.0.0.1:${closed.port}/x`, body: "{}", headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ ok: false, status: null, error: `connection refused by 127.0.0.1:${closed.port}` });
  });

  it("connects a hostname through the guarded lookup to the address it resolved to", async () => {
    const lookup = fakeDns({ "hooks.example.test": [{ address: "127.0.0.1", family: 4 }] });
    const result = await postWebhook({ url: `http://hooks.example.test:${v4.port}/in`, body: "{}", headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(lookup).toHaveBeenCalled();
    expect(v4.requests[0].headers.host).toBe(`hooks.example.test:${v4.port}`);
  });

  it("says which host could not be found, in words (the code ENOTFOUND is for the log, not the delivery log)", async () => {
    fakeDns({ "nowhere.example.test": Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }) });
    const result = await postWebhook({ url: "http://nowhere.example.test/in", body: "{}", headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ ok: false, status: null, error: "could not find nowhere.example.test: no such host" });
  });

  it("never puts the URL's path or query in a result", async () => {
    const secretPath = "/hooks/s3cr3t-path?token=t0p-s3cr3t";
    v4.answer = (_req, res) => res.writeHead(500).end("nope");
    fakeDns({ "gone.example.test": Object.assign(new Error(`getaddrinfo ENOTFOUND ${secretPath}`), { code: "ENOTFOUND" }) });
    const results = [
      await postWebhook({ url: local(secretPath), body: "{}", headers: {}, allowPrivate: true }),
      await postWebhook({ url: local(secretPath), body: "{}", headers: {} }),
      await postWebhook({ url: `http://gone.example.test${secretPath}`, body: "{}", headers: {}, allowPrivate: true }),
      await postWebhook({ url: `http://127.0.0.1:1${secretPath}`, body: "{}", headers: {}, allowPrivate: true }),
      await postWebhook({ url: `gopher://example.test${secretPath}`, body: "{}", headers: {} }),
    ];
    expect(results.map((r) => r.error)).toEqual([null, expect.stringMatching(/^refused/), expect.any(String), expect.any(String), expect.any(String)]);
    for (const result of results) {
      expect(JSON.stringify(result)).not.toMatch(/s3cr3t/);
    }
  });
});

describe("postWebhook refuses internal destinations (no allowPrivate)", () => {
  const hint = "To send webhooks to a receiver on your own network, set OUTREACH_WEBHOOK_ALLOW_PRIVATE=1 on the server.";
  const v6Port = v6?.port ?? v4.port;

  it.each([
    ["http://127.0.0.1:<port>/x", `http://127.0.0.1:${v4.port}/x`, `refused: 127.0.0.1 is a loopback address. ${hint}`],
    ["http://localhost:<port>/x", `http://localhost:${v4.port}/x`, `refused: 127.0.0.1 is a loopback address. ${hint}`],
    ["http://[::1]:<port>/x", `http://[::1]:${v6Port}/x`, `refused: ::1 is a loopback address. ${hint}`],
    ["http://[::ffff:127.0.0.1]:<port>/x", `http://[::ffff:127.0.0.1]:${v4.port}/x`, `refused: ::ffff:7f00:1 maps to 127.0.0.1, which is a loopback address. ${hint}`],
    ["http://169.254.169.254/latest/meta-data", "http://169.254.169.254/latest/meta-data", `refused: 169.254.169.254 is a link-local address. ${hint}`],
    ["http://10.0.0.1/hook", "http://10.0.0.1/hook", `refused: 10.0.0.1 is a private address. ${hint}`],
    ["https://0x7f.1/hook", "https://0x7f.1/hook", `refused: 127.0.0.1 is a loopback address. ${hint}`],
  ])("%s is refused before any connection is made", async (_label, url, error) => {
    const offMachine = recordOffMachineConnects();
    // The short timeout only bounds a broken guard; a working one answers at once.
    const result = await postWebhook({ url, body: "{}", headers: {}, timeoutMs: 500 });
    expect(result).toEqual({ ok: false, status: null, durationMs: expect.any(Number), retryAfterS: null, excerpt: null, error });
    expect(receivers.map((r) => r.connections)).toEqual(receivers.map(() => 0));
    expect(offMachine).toEqual([]);
  });

  it.skipIf(v6 === null)("the same [::1] receiver is reachable once private receivers are allowed", async () => {
    const result = await postWebhook({ url: `http://[::1]:${v6Port}/x`, body: "{}", headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(v6!.connections).toBe(1);
  });

  it("refuses a hostname if any address in its DNS answer is forbidden, even when another is fine", async () => {
    fakeDns({ "mixed.example.test": [{ address: "127.0.0.1", family: 4 }, { address: "0.0.0.0", family: 4 }] });
    const result = await postWebhook({ url: `http://mixed.example.test:${v4.port}/x`, body: "{}", headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ ok: false, status: null, error: "refused: 0.0.0.0 is an unspecified address" });
    expect(v4.connections).toBe(0);
  });

  it.each(["file:///etc/passwd", "ftp://example.com/", "gopher://example.com/", "data:text/plain,hi", "not a url", "http://"])(
    "%s is refused without touching the network",
    async (url) => {
      const lookup = fakeDns({});
      const result = await postWebhook({ url, body: "{}", headers: {} });
      expect(result).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/unsupported URL scheme|invalid webhook URL/) });
      expect(lookup).not.toHaveBeenCalled();
    },
  );
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-03-01T12:00:00Z");
  it("reads delta-seconds and HTTP-dates, never goes negative, and ignores nonsense", () => {
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter(" 45 ", now)).toBe(45);
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Sun, 01 Mar 2026 11:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:00:00 GMT", now + 500)).toBe(0);
    expect(parseRetryAfter("-5", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("1.5", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
