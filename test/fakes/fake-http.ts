// A tiny loopback HTTP server for the fake platforms: each fake supplies one handler, gets every request recorded
// (method, path, query, headers, body) and can be told to answer every request with an error status.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON or form body (POST), else null. */
  body: Record<string, unknown> | null;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (req: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** Answer every request with this status (and an error body) until cleared with null. */
  failWith(status: number | null): void;
  /** Delay every answer by this many ms (0: none), to exercise timeouts. */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startFakeServer(handler: FakeHandler, opts: { port?: number } = {}): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let failure: number | null = null;
  let delayMs = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake.local");
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: parseBody(raw, req.headers["content-type"]),
    };
    requests.push(recorded);
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    let answer: FakeAnswer;
    try {
      answer = failure !== null ? { status: failure, json: { error: `fake failure ${failure}` } } : await handler(recorded);
    } catch (err) {
      answer = { status: 500, json: { error: (err as Error).message } };
    }
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, { "content-type": "application/json; charset=utf-8", ...answer.headers });
    res.end(answer.json === undefined ? "" : JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status) => {
      failure = status;
    },
    delay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> | null {
  if (!raw) return null;
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(raw));
  try {
    const parsed = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}
