// The live stream as `next start` serves it (on the Node response, lib/events/serve-stream-natively.ts), from a
// script's side: an app instance of its own with sign-in on, two organizations with an API key each. A key's stream
// opens with `retry` and `hello`, gets its own organization's events and never the other's; a refused key gets the
// same JSON 401 as every other route; a revoked key's open stream ends at its next keep-alive.
import http from "node:http";
import net from "node:net";
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { mintApiKey } from "../lib/api-keys/api-key-token";
import { baseAppEnv, startApp, type AppInstance } from "./server";

const PORT = E2E_PORT + 73;
const CHANNEL = "outreach_events"; // lib/events/bus.ts EVENTS_CHANNEL

interface Frame {
  event: string;
  data: string;
  retry?: string;
}

interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  frames: Frame[];
  body: string;
  ended: boolean;
  close(): void;
}

/** GET /api/stream with `headers`, the SSE frames parsed as they come (no EventSource in a test process). */
function openStream(headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`http://127.0.0.1:${PORT}/api/stream`, { headers: { accept: "text/event-stream", ...headers } });
    req.on("error", reject);
    req.on("response", (res) => {
      const stream: OpenStream = { status: res.statusCode!, headers: res.headers, frames: [], body: "", ended: false, close: () => req.destroy() };
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        stream.body += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const frame: Frame = { event: "message", data: "" };
          for (const line of buffer.slice(0, end).split("\n")) {
            if (line.startsWith("event:")) frame.event = line.slice(6).trim();
            else if (line.startsWith("data:")) frame.data += line.slice(5).trim();
            else if (line.startsWith("retry:")) frame.retry = line.slice(6).trim();
          }
          stream.frames.push(frame);
          buffer = buffer.slice(end + 2);
        }
      });
      res.on("end", () => (stream.ended = true));
      res.on("close", () => (stream.ended = true));
      res.on("error", () => undefined);
      resolve(stream);
    });
  });
}

const eventIds = (s: OpenStream) => s.frames.filter((f) => f.event === "drafts:changed").map((f) => (JSON.parse(f.data) as { ids: number[] }).ids[0]);

let database: FreshDatabase;
let sql: pg.Client;
let app: AppInstance;
const streams: OpenStream[] = [];

test.beforeAll(async () => {
  database = await createFreshDatabase("live_stream");
  app = await startApp({ port: PORT, env: { ...baseAppEnv(), DATABASE_URL: database.url, OUTREACH_AUTH: "on", OUTREACH_JOBS: "off" }, logName: "live-stream-server" });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
test.afterAll(async () => {
  for (const s of streams) s.close();
  await app?.stop();
  await sql?.end();
  await database?.drop();
  await stopEmbeddedTestServer();
});

async function orgWithKey(name: string): Promise<{ orgId: number; key: string; keyId: number }> {
  const org = await sql.query<{ id: number }>(`INSERT INTO organizations (name, slug) VALUES ($1, $2) RETURNING id`, [name, `${name.toLowerCase()}-${Date.now().toString(36)}`]);
  const minted = mintApiKey();
  const key = await sql.query<{ id: number }>(
    // A full bucket (lib/api-keys/rate-limit.ts): a key made a moment ago would have next to none yet.
    `INSERT INTO api_keys (organization_id, name, role, prefix, token_hash, bucket_tokens) VALUES ($1, 'Stream reader', 'read_only', $2, $3, 20) RETURNING id`,
    [org.rows[0]!.id, minted.prefix, minted.hash],
  );
  return { orgId: org.rows[0]!.id, key: minted.key, keyId: key.rows[0]!.id };
}

const publish = (orgId: number, id: number) => sql.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ o: orgId, t: "drafts:changed", ids: [id] })]);

test("a key's stream gets hello and its organization's events only; a refused key gets the JSON 401; a revoked key's stream ends", async () => {
  test.setTimeout(90_000);
  const acme = await orgWithKey("Acme");
  const globex = await orgWithKey("Globex");

  const a = await openStream({ authorization: `Bearer ${acme.key}` });
  const b = await openStream({ authorization: `Bearer ${globex.key}` });
  streams.push(a, b);
  for (const s of [a, b]) {
    expect(s.status).toBe(200);
    expect(s.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(s.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(s.headers["x-request-id"]).toBeTruthy();
    expect(s.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(s.headers["x-frame-options"]).toBe("DENY");
    await expect.poll(() => s.frames.map((f) => f.event)).toEqual(["message", "hello"]);
    expect(s.frames[0]!.retry).toBe("1000");
    expect(JSON.parse(s.frames[1]!.data)).toHaveProperty("at");
  }

  // Globex's event first, then Acme's: notifications arrive in order, so once Acme has its own, Globex's has gone by.
  await publish(globex.orgId, 101);
  await publish(acme.orgId, 202);
  await expect.poll(() => eventIds(a)).toEqual([202]);
  await expect.poll(() => eventIds(b)).toEqual([101]);

  // An HTTP/1.0 client (no chunked framing) reads the same frames.
  const old = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1", () => socket.write(`GET /api/stream HTTP/1.0\r\nHost: 127.0.0.1:${PORT}\r\nAuthorization: Bearer ${acme.key}\r\n\r\n`));
    let text = "";
    let published = false;
    socket.setEncoding("utf8").on("data", (d: string) => {
      text += d;
      // Once: the frames after hello may come in chunks of their own.
      if (!published && text.includes("event: hello")) {
        published = true;
        void publish(acme.orgId, 303);
      }
      if (text.includes('"ids":[303]')) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on("error", reject);
  });
  expect(old).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  await expect.poll(() => eventIds(a)).toEqual([202, 303]);
  expect(old.slice(old.indexOf("\r\n\r\n") + 4)).toMatch(/^retry: 1000\n\nevent: hello\ndata: \{"at":"[^"]+"\}\n\nevent: drafts:changed\ndata: \{"ids":\[303\],"runId":null\}\n\n$/);

  // Refusals: the one JSON error shape, as the route answers them.
  for (const [headers, message] of [
    [{ authorization: "Bearer oak_AAAAAAAA_notakeynotakeynotakeynotakeynotakeynotake" }, "Invalid or revoked API key: check the key, or create a new one in Settings > API keys"],
    [{}, "Sign in to continue"],
  ] as const) {
    const refused = await fetch(`http://127.0.0.1:${PORT}/api/stream`, { headers });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toBe("application/json");
    expect(refused.headers.get("x-request-id")).toBeTruthy();
    expect(await refused.json()).toEqual({ error: "unauthorized", message });
  }

  // Revoked: a new stream is refused at once, the open one ends at its next keep-alive (15 s).
  await sql.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [acme.keyId]);
  const again = await fetch(`http://127.0.0.1:${PORT}/api/stream`, { headers: { authorization: `Bearer ${acme.key}` } });
  expect(again.status).toBe(401);
  await expect.poll(() => a.ended, { timeout: 20_000 }).toBe(true);
  // Globex's key still holds: its stream got the keep-alive and stays open.
  await expect.poll(() => b.frames.some((f) => f.event === "ping"), { timeout: 5_000 }).toBe(true);
  expect(b.ended).toBe(false);
  expect(b.body).toContain(":ping\n");
  expect(eventIds(b)).toEqual([101]);
});
