// GET /api/stream as `next start` serves it, on the Node response (lib/events/serve-stream-natively.ts), here on a
// plain Node HTTP server of the test's own with signed-in sessions: the member's stream gets `hello` and its
// organization's events only, a request without a session gets the JSON 401, a member who leaves loses the stream at
// the next keep-alive, and a client that stops reading is dropped instead of being buffered without end.
// e2e/live-stream.spec.ts checks the same path inside a real `next start` with API keys.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { closeBus, publish } from "@/lib/events/bus";
import { isStreamRequest, serveStreamNatively } from "@/lib/events/serve-stream-natively";
import { createOrg, type OrgFixture } from "./fixtures";
import { addMember } from "./org-fixtures";

let A: OrgFixture;
let B: OrgFixture;
let server: http.Server;
let base: string;

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  server = http.createServer((req, res) => {
    if (!isStreamRequest(req)) {
      res.statusCode = 404;
      return res.end();
    }
    // A query parameter lowers the drop bound for the one test about it; the stream itself ignores queries.
    const small = new URL(req.url!, "http://x").searchParams.has("small");
    void serveStreamNatively(req, res, { pingEveryMs: 150, maxBufferedBytes: small ? 16 * 1024 : undefined });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await closeBus();
});

interface Client {
  res: http.IncomingMessage;
  text: () => string;
  ended: () => boolean;
  close: () => void;
}

function open(path: string, headers: Record<string, string>, { read = true } = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + path, { headers });
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      let ended = false;
      res.on("close", () => (ended = true));
      res.on("error", () => undefined);
      if (read) res.setEncoding("utf8").on("data", (d: string) => (text += d));
      else res.pause();
      resolve({ res, text: () => text, ended: () => ended, close: () => req.destroy() });
    });
  });
}

const until = async (what: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("the native live stream", () => {
  it("gives a member hello and the organization's own events, never another's", async () => {
    const member = await addMember(A.orgId, "member");
    const c = await open("/api/stream", { cookie: member.cookie });
    try {
      expect(c.res.statusCode).toBe(200);
      expect(c.res.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      await until(() => c.text().includes("event: hello"));
      expect(c.text()).toMatch(/^retry: 1000\n\nevent: hello\ndata: \{"at":"[^"]+"\}\n\n/);
      await publish({ o: B.orgId, t: "drafts:changed", ids: [7001] });
      await publish({ o: A.orgId, t: "drafts:changed", ids: [7002] });
      await until(() => c.text().includes("7002"));
      expect(c.text()).toContain('event: drafts:changed\ndata: {"ids":[7002],"runId":null}\n\n');
      expect(c.text()).not.toContain("7001");
    } finally {
      c.close();
    }
  });

  it("answers a request without a session with the JSON 401 of every route", async () => {
    const c = await open("/api/stream", {});
    await until(c.ended);
    const body = c.text();
    expect(c.res.statusCode).toBe(401);
    expect(c.res.headers["content-type"]).toBe("application/json");
    expect(c.res.headers["x-request-id"]).toBeTruthy();
    expect(JSON.parse(body)).toEqual({ error: "unauthorized", message: "Sign in to continue" });
  });

  it("ends a member's stream at the keep-alive after they leave the organization", async () => {
    const member = await addMember(A.orgId, "member");
    const c = await open("/api/stream", { cookie: member.cookie });
    try {
      await until(() => c.text().includes(":ping"));
      expect(c.ended()).toBe(false);
      await db.membership.delete({ where: { id: member.membershipId } });
      await until(c.ended);
    } finally {
      c.close();
    }
  });

  it("drops a client that stops reading once its unsent frames pass the bound", async () => {
    const member = await addMember(A.orgId, "member");
    const c = await open("/api/stream?small", { cookie: member.cookie }, { read: false });
    try {
      // 3,000 frames of ~7 KB: more than the sockets' buffers hold, so the server's own queue passes 16 KB.
      const ids = Array.from({ length: 1000 }, (_, i) => 100_000 + i);
      for (let i = 0; i < 3000; i++) await publish({ o: A.orgId, t: "drafts:changed", ids });
      // Reading again, the client gets what was already on its way, then the end: not the 3,000 events.
      const mark = "event: drafts:changed";
      let frames = 0;
      let tail = "";
      c.res.setEncoding("utf8").on("data", (d: string) => {
        const parts = (tail + d).split(mark);
        frames += parts.length - 1;
        // What may be the start of a mark cut by the chunk's end, never a whole one.
        tail = parts[parts.length - 1]!.slice(-(mark.length - 1));
      });
      c.res.resume();
      await until(c.ended, 15_000);
      expect(frames).toBeGreaterThan(0);
      expect(frames).toBeLessThan(3000);
    } finally {
      c.close();
    }
  });
});
