// A real webhook receiver on loopback for the delivery tests: it verifies every request's signature with the
// `standardwebhooks` package (as a customer's receiver would), records what it got, and answers as each test tells it
// (fail N times, hang, 410, Retry-After). It counts connections, so tests can prove nothing reached it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  path: string;
  messageId: string;
  body: unknown;
  verified: boolean;
  signatures: number;
}

export type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hang";

export interface Receiver {
  url: (path: string) => string;
  received: Received[];
  connections: number;
  /** The secrets the receiver verifies with, per path (a rotation adds the new one). */
  secrets: Map<string, string[]>;
  /** How the receiver answers the n-th request (0-based) to a path; default 200. */
  answer: (path: string, fn: (n: number) => Answer) => void;
  /** Resolves when `count` requests to the path have arrived. */
  waitFor: (path: string, count: number, timeoutMs?: number) => Promise<Received[]>;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers = new Map<string, (n: number) => Answer>();
  const secrets = new Map<string, string[]>();
  const hanging: http.ServerResponse[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verified = (secrets.get(path) ?? []).some((s) => {
        try {
          new Webhook(s).verify(raw, headers);
          return true;
        } catch {
          return false;
        }
      });
      const n = received.filter((r) => r.path === path).length;
      received.push({ path, messageId: headers["webhook-id"] ?? "", body: raw ? JSON.parse(raw) : null, verified, signatures: (headers["webhook-signature"] ?? "").split(" ").filter(Boolean).length });
      const answer = answers.get(path)?.(n) ?? { status: 200 };
      if (answer === "hang") {
        hanging.push(res);
        return;
      }
      res.writeHead(answer.status, { "content-type": "text/plain", ...(answer.headers ?? {}) });
      res.end(answer.body ?? "ok");
    });
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    get connections() {
      return connections;
    },
    secrets,
    answer: (path, fn) => void answers.set(path, fn),
    async waitFor(path, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.filter((r) => r.path === path).length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.filter((r) => r.path === path).length} of ${count} requests on ${path}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received.filter((r) => r.path === path);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  return receiver;
}
