// Traces as an operator's collector receives them: with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP
// receiver (started here; it decodes the JSON it is sent), a POST /api/run served over real HTTP produces one trace
// holding the request's span, the database statements it made and the run it started, down to the statements the run
// made. Without the variable nothing is started.
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTracing, tracesEndpoint } from "@/lib/tracing/start-tracing";
import { startOtlpReceiver, type ReceivedSpan } from "./otlp-receiver";

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let sdk: ReturnType<typeof startTracing>;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  sdk = startTracing({ ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.base, OTEL_SERVICE_NAME: "outreach-traces-test" });
  // The SDK patches modules as Node's require loads them, as `next start` loads these (pg is a server external
  // package there): load them through require now, so the objects the app's imports get are the patched ones.
  const require = createRequire(import.meta.url);
  require("http");
  require("pg");
});

afterAll(async () => {
  await sdk?.shutdown();
  await receiver?.close();
});

describe("traces", () => {
  it("are off unless an OTLP endpoint is configured", () => {
    expect(tracesEndpoint({})).toBeNull();
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toBe("http://collector:4318/v1/traces");
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/custom" })).toBe("http://collector:4318/custom");
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBeNull();
    expect(startTracing({})).toBe(sdk); // once per process: the running SDK
  });

  it("a request that starts a run is one trace: the request, its statements, the run and the run's statements", { timeout: 60_000 }, async () => {
    const http = createRequire(import.meta.url)("http") as typeof import("node:http");
    const { createOrg } = await import("./fixtures");
    const { registerFakeBackends, scriptedCampaign, serveToolServer, waitForRunEnd } = await import("./agent-harness");
    const runRoute = await import("@/app/api/run/route");
    await registerFakeBackends();
    const tools = await serveToolServer();
    const A = await createOrg();
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [{ say: "hello" }, { tool: "run_start" }, { tool: "run_finish" }] });

    // The route served as `next start` would: a Node HTTP server handing a Request to the handler.
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const response = await runRoute.POST(new Request(`http://localhost${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }) as never, { params: Promise.resolve({}) });
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    let runId = 0;
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/run`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: A.cookie, origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ campaignId: campaign.id }),
      });
      expect(res.status).toBe(202);
      runId = ((await res.json()) as { runId: number }).runId;
      const ended = await waitForRunEnd(runId).catch(async (err) => {
        const { db } = await import("@/lib/db/client");
        console.log(JSON.stringify(await db.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } }), null, 1).slice(0, 3000));
        throw err;
      });
      expect(ended.status).toBe("success");
      // The run's span ends when the dispatcher returns, a moment after the row and its last event are written: wait
      // for the batch that carries it rather than flushing before it has ended.
      const deadline = Date.now() + 20_000;
      while (!receiver.spans.some((s) => s.name === "run" && s.attributes["outreach.run_id"] === runId) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await sdk!.shutdown().catch(() => undefined); // flushes what is left
    } finally {
      await new Promise((r) => server.close(r));
      await tools.close();
    }

    const request = receiver.spans.find((s) => s.attributes["http.target"] === "/api/run" || s.attributes["url.path"] === "/api/run");
    expect(request, names(receiver.spans)).toBeDefined();
    expect(request!.service).toBe("outreach-traces-test");
    const trace = receiver.spans.filter((s) => s.traceId === request!.traceId);
    const under = (parent: ReceivedSpan) => descendants(trace, parent);
    // The request's own statements (the campaign read, the run row written) are under its span.
    const requestStatements = under(request!).filter((s) => s.attributes["db.system"] === "postgresql");
    expect(requestStatements.length).toBeGreaterThan(0);
    expect(requestStatements.some((s) => /INSERT INTO "public"\."runs"|INSERT INTO "runs"/i.test(String(s.attributes["db.statement"] ?? "")))).toBe(true);
    // The run it started, in the same trace, with the run's id, and the statements the run made under it.
    const run = trace.find((s) => s.name === "run");
    expect(run, names(trace)).toBeDefined();
    expect(run!.attributes["outreach.run_id"]).toBe(runId);
    expect(under(request!)).toContain(run);
    expect(under(run!).some((s) => s.attributes["db.system"] === "postgresql")).toBe(true);
    // Parameters are not exported: they hold people's data.
    expect(JSON.stringify(trace)).not.toContain("db.statement.parameters");
  });
});

function descendants(spans: ReceivedSpan[], parent: ReceivedSpan): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  const walk = (id: string) => {
    for (const s of spans) if (s.parentSpanId === id) {
      out.push(s);
      walk(s.spanId);
    }
  };
  walk(parent.spanId);
  return out;
}

const names = (spans: ReceivedSpan[]) => spans.map((s) => `${s.name}${s.parentSpanId ? "" : " (root)"}`).join(", ");
