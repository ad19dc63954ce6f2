// A stand-in for the dashboard under the hosted stack's supervisor (test/int/cloud-stack.int.test.ts), where a real
// one would need a production build (e2e/cloud-stack.spec.ts runs the real one). It serves what the relay reads from
// the dashboard and acts as the dashboard's cloud runner client with the environment the stack gave it:
//   GET  /api/cloud-runner/revocations  {revoked, blocked}: the ids listed in DOUBLE_REVOKED_FILE, one a line
//   GET  /probe                         the dashboard's runner detection of the cloud runner (probeCloudRunner)
//   GET  /env                           the variables the stack set for the dashboard
//   POST /crash                         exits with code 3, as a dashboard that crashed
import fs from "node:fs";
import http from "node:http";
import { probeCloudRunner } from "@/lib/runners/cloud/probe-cloud-runner";

const SHOWN = ["OUTREACH_EDITION", "OUTREACH_AUTH", "AUTH_SECRET", "OUTREACH_CLOUD_SIGNING_KEY", "OUTREACH_RELAY_REPORT_SECRET", "OUTREACH_CLOUD_RELAY_URL", "OUTREACH_CLOUD_TOKEN", "RELAY_BACKEND", "PORT"];

const server = http.createServer((req, res) => {
  const json = (body: unknown) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (req.method === "GET" && req.url === "/api/cloud-runner/revocations") {
    const file = process.env.DOUBLE_REVOKED_FILE;
    const revoked = file && fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
    return json({ revoked, blocked: [] });
  }
  if (req.method === "GET" && req.url === "/probe") {
    const { OUTREACH_CLOUD_RELAY_URL: relayUrl, OUTREACH_CLOUD_TOKEN: token } = process.env;
    return void probeCloudRunner(relayUrl && token ? { relayUrl, token, resumeWindowMs: 30_000 } : null).then(json);
  }
  if (req.method === "GET" && req.url === "/env") return json(Object.fromEntries(SHOWN.map((k) => [k, process.env[k] ?? null])));
  if (req.method === "POST" && req.url === "/crash") {
    res.end();
    return void setTimeout(() => process.exit(3), 50);
  }
  res.writeHead(404).end();
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
