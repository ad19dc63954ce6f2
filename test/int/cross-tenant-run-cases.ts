// Cross-tenant cases of the run routes: dispatch, cancel, the run log, the event stream and the tool server.
import { expect } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import * as run from "@/app/api/run/route";
import * as runCancel from "@/app/api/run/[id]/route";
import * as runEvents from "@/app/api/runs/[id]/events/route";
import * as stream from "@/app/api/stream/route";
import * as mcp from "@/app/api/mcp/route";
import { call } from "./http";
import { id, type RouteCases, type TenantWorld, readFrames } from "./cross-tenant-world";


export function runRouteCases(w: TenantWorld): RouteCases {
  const asB = () => ({ cookie: w.B.cookie });
  /** A running run of A with a token and one logged event, for the run routes. */
  async function liveRunOfA() {
    const { token, hash } = mintRunToken();
    const r = await db.run.create({ data: { organizationId: w.A.orgId, campaignId: w.a.campaignId, projectId: w.a.projectId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
    await db.runEvent.create({ data: { organizationId: w.A.orgId, runId: r.id, seq: 1, type: "message_chunk", payload: { text: "A's private thoughts", tUs: 5 } } });
    return { run: r, token };
  }

  return {
    "/api/run": async () => {
      const before = await db.run.count({ where: { campaignId: w.a.campaignId } });
      const res = await call(run.POST, { ...asB(), method: "POST", body: { campaignId: w.a.campaignId } });
      expect(res.status).toBe(404);
      expect(await db.run.count({ where: { campaignId: w.a.campaignId } })).toBe(before);
    },
    "/api/run/[id]": async () => {
      const { run: r } = await liveRunOfA();
      const res = await call(runCancel.DELETE, { ...asB(), method: "DELETE", params: { id: id(r.id) } });
      expect(res.status).toBe(404);
      expect((await db.run.findUniqueOrThrow({ where: { id: r.id } })).status).toBe("running");
      await db.run.delete({ where: { id: r.id } });
    },
    "/api/runs/[id]/events": async () => {
      const { run: r } = await liveRunOfA();
      const res = await call(runEvents.GET, { ...asB(), params: { id: id(r.id) } });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.json)).not.toContain("private thoughts");
      await db.run.delete({ where: { id: r.id } });
    },
    "/api/stream": async () => {
      // A "cookie" of `apikey:…` is B's API key (cross-tenant-api-keys.int.test.ts), sent as http.ts would.
      const credential = (cookie: string): Record<string, string> => (cookie.startsWith("apikey:") ? { authorization: `Bearer ${cookie.slice(7)}` } : { cookie });
      const open = (cookie: string) => stream.GET(new NextRequest("http://localhost/api/stream", { headers: credential(cookie) }), { params: Promise.resolve({}) });
      const [resA, resB] = await Promise.all([open(w.A.cookie), open(w.B.cookie)]);
      expect(resB.headers.get("content-type")).toContain("text/event-stream");
      // Once both have said hello, change one of A's drafts: only A's stream hears of it.
      const bText = readFrames(resB, () => false, 2_500);
      const aText = readFrames(resA, (t) => t.includes("drafts:changed"), 5_000);
      await new Promise((r) => setTimeout(r, 300));
      await db.draft.update({ where: { id: w.a.draftId }, data: { qualityReason: null } });
      const [ta, tb] = await Promise.all([aText, bText]);
      expect(ta).toContain("event: hello");
      expect(ta).toContain(`event: drafts:changed\ndata: {"ids":[${w.a.draftId}]`);
      expect(tb).toContain("event: hello");
      expect(tb).not.toContain("drafts:changed");
      expect(tb).not.toContain(`"ids":[${w.a.draftId}`);
    },
    "/api/mcp": async () => {
      // B's own run token cannot be used with A's run id, and A's token does not open B's run.
      const { run: r } = await liveRunOfA();
      const { token: bToken, hash } = mintRunToken();
      const bRun = await db.run.create({ data: { organizationId: w.B.orgId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
      const res = await call(mcp.POST, {
        method: "POST",
        body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "run_start", arguments: {} } },
        headers: { authorization: `Bearer ${bToken}`, "x-outreach-run-id": String(r.id), accept: "application/json, text/event-stream" },
      });
      expect(res.status).toBe(401);
      expect(JSON.stringify(res.json)).not.toContain(w.a.projectName);
      await db.run.deleteMany({ where: { id: { in: [r.id, bRun.id] } } });
    },
  };
}
