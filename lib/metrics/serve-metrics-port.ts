// The metrics on a port of their own (OUTREACH_METRICS_PORT), so a scraper reads them where no visitor can: bind it
// to loopback or a private interface (OUTREACH_METRICS_HOST, loopback by default) and never publish it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { log } from "@/lib/log/logger";
import { renderMetrics } from "@/lib/metrics/registry";

export function serveMetricsPort({ port, host }: { port: number; host: string }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "/").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    renderMetrics().then(
      ({ body, contentType }) => res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" }).end(body),
      (err: unknown) => {
        log.error("metrics could not be read", { error: (err as Error).message });
        res.writeHead(500, { "content-type": "text/plain" }).end("The metrics could not be read\n");
      },
    );
  });
  // A stopping instance should not be held up by a scraper's kept-alive connection.
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      server.unref();
      log.info("metrics served", { at: `http://${host}:${(server.address() as AddressInfo).port}/metrics` });
      resolve(server);
    });
  });
}
