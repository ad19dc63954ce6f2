// GET /api/metrics - this instance's metrics in the Prometheus text format (operator: Bearer OUTREACH_METRICS_TOKEN;
// 404 when the variable is unset). Never a tenant's: no session or API key opens it.
import { readEnv } from "@/lib/env";
import { withPublic } from "@/lib/http/with-public";
import { authorizeMetricsScrape } from "@/lib/metrics/authorize-metrics-scrape";
import { renderMetrics } from "@/lib/metrics/registry";

export const dynamic = "force-dynamic";

export const GET = withPublic({ guard: (req) => authorizeMetricsScrape(req, readEnv().OUTREACH_METRICS_TOKEN) }, async () => {
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
