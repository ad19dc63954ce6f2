// A local OTLP/HTTP collector for tests: takes POST /v1/traces with JSON bodies (what
// @opentelemetry/exporter-trace-otlp-http sends) and decodes every span it receives.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  service: string | null;
  attributes: Record<string, string | number | boolean>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpBody {
  resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: OtlpAttribute[] }[] }[] }[];
}

const valueOf = (v: OtlpValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.doubleValue ?? v.boolValue ?? ""));
const attributesOf = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

export async function startOtlpReceiver(): Promise<{ base: string; spans: ReceivedSpan[]; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/traces" || !String(req.headers["content-type"]).includes("json")) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpBody;
    for (const rs of body.resourceSpans ?? []) {
      const service = attributesOf(rs.resource?.attributes)["service.name"];
      for (const ss of rs.scopeSpans ?? []) {
        for (const s of ss.spans ?? []) {
          spans.push({ traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId || null, name: s.name, service: typeof service === "string" ? service : null, attributes: attributesOf(s.attributes) });
        }
      }
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
